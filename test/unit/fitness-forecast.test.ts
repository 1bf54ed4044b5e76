import { describe, expect, it } from 'vitest';
import type { FitnessDay } from '../../src/metrics/fitness.ts';
import type { DayPlanDay } from '../../src/shared/api/day-plan.ts';
import { fitnessForecast } from '../../src/shared/api/fitness-forecast.ts';
import type { ScheduledDay } from '../../src/shared/api/training-plans.ts';
import { createFitnessForecastService, eventTarget, FORECAST_ASSUMPTION, NO_PLAN_ASSUMPTION, type FitnessForecastDeps } from '../../src/server/features/fitness-forecast/service.ts';
import { decideDaysWithSessions, type ActivePlanDays, type PlanDayEntry } from '../../src/server/features/plans/day-plan/decide.ts';
import type { DatedSession } from '../../src/server/features/plans/dated-sessions.ts';
import type { PlanOnDay } from '../../src/server/features/plans/index.ts';
import { addCalendarDays } from '../../src/shared/time.ts';

/**
 * The fitness forecast (ADR 0081) equals the fitness model run over the planned loads: the
 * expected figures are computed here with the plain recurrence (CTL and ATL exponentially weighted
 * over 42 and 7 days, TSB the morning's CTL − ATL), not with Kairo's function.
 */

const NOW = new Date('2026-03-11T09:30:00Z');
const TODAY = '2026-03-11';

/** The recurrence of Coggan's PMC, written out: each day's TSB before its load, then CTL and ATL after it. */
function expectedSeries(start: { ctl: number; atl: number }, loads: number[]): { ctl: number; atl: number; tsb: number }[] {
  let { ctl, atl } = start;
  return loads.map((load) => {
    const tsb = ctl - atl;
    ctl = ctl + (load - ctl) / 42;
    atl = atl + (load - atl) / 7;
    return { ctl, atl, tsb };
  });
}

const yesterday: FitnessDay = { date: '2026-03-10', load: 80, ctl: 61.5, atl: 72.25, tsb: -9 };
const todayRow = (load: number): FitnessDay => ({ date: TODAY, load, ctl: 60, atl: 70, tsb: yesterday.ctl - yesterday.atl });

function planOnDay(extra: Partial<PlanOnDay> = {}): PlanOnDay {
  return {
    id: 'plan-1',
    name: 'Gran Fondo Stelvio',
    preparationType: 'event',
    goal: '120 km cycling event',
    standing: 'running',
    startDate: '2026-03-01',
    endDate: '2026-03-20',
    totalWeeks: 3,
    weekOfPlan: 2,
    phase: null,
    target: { label: 'the event', date: '2026-03-20', daysTo: 8 },
    ...extra,
  };
}

function service(options: { todayLoad?: number; plans?: PlanOnDay[]; loads: (date: string) => number | null }) {
  const asked: { dates: readonly string[]; today: string | undefined }[] = [];
  const deps: FitnessForecastDeps = {
    fitness: async (_accountId, days, today) => {
      expect(days).toBe(2);
      expect(today).toBe(NOW);
      return [yesterday, todayRow(options.todayLoad ?? 0)];
    },
    plansOn: async (_accountId, day) => {
      expect(day.toISOString()).toBe('2026-03-12T00:00:00.000Z');
      return options.plans ?? [planOnDay()];
    },
    plannedLoads: async (_accountId, dates, today) => {
      asked.push({ dates, today });
      return { today: today!, days: dates.map((date) => ({ day: { date } as DayPlanDay, plannedLoad: options.loads(date) })) };
    },
    now: () => NOW,
  };
  return { forecast: createFitnessForecastService(deps), asked };
}

describe('the fitness forecast', () => {
  it('runs the model from yesterday over today’s planned load and each planned day to the event, with the event morning’s figures', async () => {
    const planned: Record<string, number | null> = {
      '2026-03-11': 95,
      '2026-03-12': 0,
      '2026-03-13': 120,
      '2026-03-14': null, // Kai's suggestion or a session of unknown load: the assumption, 0
      '2026-03-15': 210,
      '2026-03-16': 45,
      '2026-03-17': 0,
      '2026-03-18': 60,
      '2026-03-19': 30,
      '2026-03-20': 150,
    };
    const { forecast, asked } = service({ loads: (date) => planned[date] ?? null });
    const answer = fitnessForecast.parse(await forecast.forecast('account'));

    expect(asked).toEqual([{ dates: Object.keys(planned), today: TODAY }]);
    const loads = Object.values(planned).map((load) => load ?? 0);
    const expected = expectedSeries(yesterday, loads);
    expect(answer.today).toEqual({ date: TODAY, load: 95, counted: 'planned', ctl: expected[0]!.ctl, atl: expected[0]!.atl });
    expect(answer.days.map((day) => day.date)).toEqual(Object.keys(planned).slice(1));
    expect(answer.days.map((day) => day.plannedLoad)).toEqual(loads.slice(1));
    expect(answer.days.map((day) => day.basis)).toEqual(Object.values(planned).slice(1).map((load) => (load === null ? 'assumption' : 'plan')));
    answer.days.forEach((day, index) => {
      const want = expected[index + 1]!;
      expect(day.ctl).toBeCloseTo(want.ctl, 10);
      expect(day.atl).toBeCloseTo(want.atl, 10);
      expect(day.tsb).toBeCloseTo(want.tsb, 10);
    });
    // The event morning: before the race's own load, fitness and fatigue of the day before.
    const eve = expected.at(-2)!;
    expect(answer.eventDay).toMatchObject({ date: '2026-03-20', name: 'Gran Fondo Stelvio' });
    expect(answer.eventDay!.ctl).toBeCloseTo(eve.ctl, 10);
    expect(answer.eventDay!.atl).toBeCloseTo(eve.atl, 10);
    expect(answer.eventDay!.tsb).toBeCloseTo(eve.ctl - eve.atl, 10);
    expect(answer.eventDay!.tsb).toBeCloseTo(answer.days.at(-1)!.tsb, 10);
    expect(answer.eventDay!.target).toEqual(eventTarget(eve, 'event'));
    expect(answer).toMatchObject({ planId: 'plan-1', assumption: FORECAST_ASSUMPTION });
  });

  it('counts what is recorded today rather than the plan once something is, and a plan with no event ends on its last day', async () => {
    const plan = planOnDay({ preparationType: 'general-fitness', target: null, endDate: '2026-03-14' });
    const { forecast } = service({ todayLoad: 40, plans: [plan], loads: () => 100 });
    const answer = await forecast.forecast('account');
    const expected = expectedSeries(yesterday, [40, 100, 100, 100]);
    expect(answer.today).toMatchObject({ load: 40, counted: 'recorded' });
    expect(answer.today.ctl).toBeCloseTo(expected[0]!.ctl, 10);
    expect(answer.days.map((day) => day.date)).toEqual(['2026-03-12', '2026-03-13', '2026-03-14']);
    expect(answer.days.at(-1)!.ctl).toBeCloseTo(expected.at(-1)!.ctl, 10);
    expect(answer.eventDay).toBeNull();
  });

  it('follows the plan running tomorrow, not a finished one, and reaches at most two years ahead', async () => {
    const finished = planOnDay({ id: 'old', standing: 'completed' });
    const far = planOnDay({ id: 'far', standing: 'upcoming', startDate: '2026-06-01', endDate: '2029-01-01', target: { label: 'the event', date: '2029-01-01', daysTo: 1026 } });
    const { forecast } = service({ plans: [finished, far], loads: (date) => (date < '2026-06-01' ? null : 50) });
    const answer = await forecast.forecast('account');
    expect(answer.planId).toBe('far');
    expect(answer.days).toHaveLength(731);
    expect(answer.days.at(-1)!.date).toBe(addCalendarDays(TODAY, 731));
    expect(answer.eventDay).toBeNull();
    expect(answer.days[0]).toMatchObject({ basis: 'assumption', plannedLoad: 0 });
    expect(answer.days.at(-1)).toMatchObject({ basis: 'plan', plannedLoad: 50 });
  });

  it('projects nothing without an active plan, says so, and does not ask the day plan', async () => {
    const { forecast, asked } = service({ plans: [planOnDay({ standing: 'completed' })], loads: () => 100 });
    const answer = await forecast.forecast('account');
    const expected = expectedSeries(yesterday, [0]);
    expect(answer).toMatchObject({ days: [], eventDay: null, planId: null, assumption: NO_PLAN_ASSUMPTION });
    expect(answer.today).toMatchObject({ load: 0, counted: 'recorded' });
    expect(answer.today.ctl).toBeCloseTo(expected[0]!.ctl, 10);
    expect(asked).toEqual([]);
  });
});

describe('the day plan’s decisions with their sessions', () => {
  const phase = { key: 'build' as const, name: 'Build' };
  const scheduled = (activityType: string, durationMin: number): ScheduledDay => ({
    dayOfWeek: 'Wednesday',
    activityType,
    duration: `${durationMin} min`,
    durationMin,
    zones: 'Zone 4 (91-105% FTP)',
    description: activityType,
    notes: '',
  });
  const dated = (date: string, activityType: string, durationMin: number): DatedSession => ({
    date,
    scheduled: scheduled(activityType, durationMin),
    durationMin,
    phase,
    weekOfPhase: 2,
    weekKind: 'load',
    isRaceDay: false,
  });

  it('holds the plan’s session on each day, the held-back one under strained readiness today, and none on a rest day or without a plan', () => {
    const sessions: Record<string, DatedSession | null> = {
      [TODAY]: dated(TODAY, 'Cycling - threshold', 90),
      '2026-03-12': null,
      '2026-03-13': dated('2026-03-13', 'Cycling - endurance', 120),
    };
    const days: PlanDayEntry[] = Object.entries(sessions).map(([date, session]) => ({ date, session, context: { phase, isRaceDay: false } }));
    const plan: ActivePlanDays = { id: 'p', name: 'Plan', startDate: TODAY, endDate: '2026-03-13', days, changed: [], ftpW: 250 };
    const decided = decideDaysWithSessions({
      today: TODAY,
      dates: [TODAY, '2026-03-12', '2026-03-13', '2026-03-14'],
      plans: [plan],
      proposals: [],
      readiness: { state: 'strained', reason: null },
      suggestion: null,
    });
    expect(decided[0]!.day.change?.kind).toBe('readiness');
    expect(decided[0]!.planned).toMatchObject({ phase: 'build', snapshot: { durationMin: 60 } });
    expect(decided[0]!.planned!.snapshot.scheduled.activityType).toBe(decided[0]!.day.session!.title);
    expect(decided[1]).toMatchObject({ planned: null, day: { source: 'plan', session: null } });
    expect(decided[2]!.planned).toEqual({ snapshot: sessions['2026-03-13'], phase: 'build' });
    expect(decided[3]).toMatchObject({ planned: null, day: { source: 'none' } });
  });
});

describe('the event morning’s form target', () => {
  it('is met with form as shown above +5 and up to +25, and says in one sentence what would reach it when missed', () => {
    // Shown form is whole fitness − whole fatigue (ADR 0071): 60.4 − 54.6 shows 60 − 55 = +5, not fresh.
    expect(eventTarget({ ctl: 60.4, atl: 54.6 }, 'event')).toEqual({
      formLow: 5,
      formHigh: 25,
      met: false,
      advice: 'Projected form on race morning is +5: the taper would need to start earlier or be deeper to arrive fresh (above +5, up to +25).',
    });
    expect(eventTarget({ ctl: 60.4, atl: 54.4 }, 'event')).toEqual({ formLow: 5, formHigh: 25, met: true, advice: null });
    expect(eventTarget({ ctl: 50, atl: 25 }, 'event')).toMatchObject({ met: true, advice: null });
    expect(eventTarget({ ctl: 42, atl: 50 }, 'pr').advice).toBe(
      'Projected form on the morning of your target date is −8: the taper would need to start earlier or be deeper to arrive fresh (above +5, up to +25).',
    );
    expect(eventTarget({ ctl: 40, atl: 9 }, 'event')).toEqual({
      formLow: 5,
      formHigh: 25,
      met: false,
      advice: 'Projected form on race morning is +31: that much rest loses fitness; a shorter taper would arrive fresh without detraining (above +5, up to +25).',
    });
  });
});
