import { computeFitnessSeries, wholeFitness, type FitnessDay } from '../../../metrics/fitness.ts';
import { FORECAST_MAX_DAYS, type FitnessForecast } from '../../../shared/api/fitness-forecast.ts';
import { RACE_FORM_WINDOW, raceFormReading, raceFormWindowText } from '../../../shared/domain/form-bands.ts';
import { formatForm } from '../../../shared/format.ts';
import { addCalendarDays } from '../../../shared/time.ts';
import type { DayPlanService, PlanOnDay } from '../plans/index.ts';

/**
 * The fitness forecast (ADR 0081): the one fitness model (metrics/fitness.ts) carried on from
 * today's stored figures over the planned load of each day the day plan decides (its sessions with
 * the accepted changes and today's readiness hold, planned-load.ts's estimate), to the active
 * plan's event day. Nothing is stored: every answer reads the day plan as it stands, so an edited
 * or adapted plan moves the forecast at once.
 */

/** Said in every answer: what a day no plan speaks for counts as. */
export const FORECAST_ASSUMPTION =
  'Days no active plan covers, and plan sessions whose load cannot be estimated, count as rest days (load 0); today counts what is recorded, or while nothing is, its planned session.';
export const NO_PLAN_ASSUMPTION = 'No active plan runs after today, so nothing is projected: the forecast follows an active plan’s planned sessions.';

type EventTarget = NonNullable<FitnessForecast['eventDay']>['target'];

/**
 * The event morning's form against the race window, judged as screens show it (ADR 0071), with one
 * sentence saying what would reach the window when it misses.
 */
export function eventTarget(morning: { ctl: number; atl: number }, preparationType: PlanOnDay['preparationType']): EventTarget {
  const { form } = wholeFitness(morning);
  const reading = raceFormReading(form);
  const window = { formLow: RACE_FORM_WINDOW.low, formHigh: RACE_FORM_WINDOW.high };
  if (reading === 'within') return { ...window, met: true, advice: null };
  const projected = `Projected form on ${preparationType === 'pr' ? 'the morning of your target date' : 'race morning'} is ${formatForm(form)}`;
  const advice =
    reading === 'below'
      ? `${projected}: the taper would need to start earlier or be deeper to arrive fresh (${raceFormWindowText()}).`
      : `${projected}: that much rest loses fitness; a shorter taper would arrive fresh without detraining (${raceFormWindowText()}).`;
  return { ...window, met: false, advice };
}

export interface FitnessForecastDeps {
  /** The stored fitness series of the `days` UTC days ending with `today`'s (scoring). */
  fitness: (accountId: string, days: number, today: Date) => Promise<FitnessDay[]>;
  /** The account's active plans on `day`, most relevant first (plans). */
  plansOn: (accountId: string, day: Date) => Promise<PlanOnDay[]>;
  /** The day plan's decisions with their planned loads. */
  plannedLoads: DayPlanService['plannedLoads'];
  now?: () => Date;
}

export function createFitnessForecastService(deps: FitnessForecastDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    /** GET /api/fitness/forecast. */
    async forecast(accountId: string): Promise<FitnessForecast> {
      const at = now();
      const today = at.toISOString().slice(0, 10);
      const tomorrow = addCalendarDays(today, 1);
      const [[yesterday, todayRow], plans] = await Promise.all([
        deps.fitness(accountId, 2, at),
        deps.plansOn(accountId, new Date(`${tomorrow}T00:00:00Z`)),
      ]);
      // Active plans do not overlap (ADR 0070): the one running tomorrow, else the next to start.
      const plan = plans.find((candidate) => candidate.standing !== 'completed') ?? null;
      const last = addCalendarDays(today, FORECAST_MAX_DAYS);
      const planEnd = plan ? (plan.target?.date ?? plan.endDate) : today;
      const end = planEnd < last ? planEnd : last;

      const dates = [today];
      for (let date = tomorrow; date <= end; date = addCalendarDays(date, 1)) dates.push(date);
      // Without a plan no day is planned: the day plan is not asked.
      const planned = plan ? (await deps.plannedLoads(accountId, dates, today)).days : [{ day: { date: today }, plannedLoad: null }];
      const todayPlanned = planned[0]!.plannedLoad;
      const counted = todayRow!.load > 0 || todayPlanned === null ? ('recorded' as const) : ('planned' as const);
      const loads = [{ date: today, load: counted === 'recorded' ? todayRow!.load : todayPlanned! }];
      const bases = planned.slice(1).map(({ day, plannedLoad }) => {
        loads.push({ date: day.date, load: plannedLoad ?? 0 });
        return plannedLoad === null ? ('assumption' as const) : ('plan' as const);
      });
      // The model from yesterday's end over today's load and the planned ones: the same steps as the stored series.
      const series = computeFitnessSeries(loads, today, end, { ctl: yesterday!.ctl, atl: yesterday!.atl });
      const [start, ...ahead] = series;

      const eventIndex = plan?.target ? series.findIndex((day) => day.date === plan.target!.date) : -1;
      const eve = eventIndex > 0 ? series[eventIndex - 1]! : null;
      return {
        today: { date: today, load: start!.load, counted, ctl: start!.ctl, atl: start!.atl },
        days: ahead.map((day, index) => ({ date: day.date, plannedLoad: day.load, basis: bases[index]!, ctl: day.ctl, atl: day.atl, tsb: day.tsb })),
        eventDay: eve && {
          date: series[eventIndex]!.date,
          name: plan!.name,
          ctl: eve.ctl,
          atl: eve.atl,
          tsb: eve.ctl - eve.atl,
          target: eventTarget(eve, plan!.preparationType),
        },
        planId: plan?.id ?? null,
        assumption: plan ? FORECAST_ASSUMPTION : NO_PLAN_ASSUMPTION,
      };
    },
  };
}

export type FitnessForecastService = ReturnType<typeof createFitnessForecastService>;
