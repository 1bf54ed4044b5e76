import { DAYS_OF_WEEK, type DayOfWeek, type GeneratedPhase, type PreparationType, type RaceWeek, type ScheduledDay } from '../../../shared/api/training-plans.ts';
import { phaseWeekOneStart, type PlanSchedule } from '../../../shared/domain/plan-phases.ts';
import type { MeasureWriter } from '../../../shared/domain/unit-tokens.ts';
import { minutesInWords, round5 } from './goal-inputs.ts';
import { restDay, sportName, type EnduranceSport } from './sessions.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * The race week: the seven days ending with the event (or the PR attempt) on its date (ADR 0029):
 * the taper's sessions shortened (its long session or goal simulation an easy steady one: the work
 * is done), a rest day two days out, a short opener the day before, then the day itself; listed
 * in date order, the event last. The plan ends with the event (ADR 0069). Null when the target day
 * is not in the plan's last week (a requested length that does not reach the date, or runs past it).
 */

const OPENER_MIN = 25;
/** Sessions three or more days before the event stay short: the work is done. */
const RACE_WEEK_SESSION_MAX_MIN = 60;

interface RaceWeekInput {
  schedule: PlanSchedule;
  phases: GeneratedPhase[];
  targetDay: Date;
  goal: { title: string; sport: EnduranceSport; distanceKm: number | null; eventMinutes: number | null };
  preparationType: PreparationType;
  /** Days the athlete cannot train: they rest in the race week too (the event's own day excepted). */
  restDays: readonly DayOfWeek[];
  /** The athlete's unit system: the race day's distance is written in it. */
  /** How the race day's distance is written (tokens in a stored plan, ADR 0073). */
  write: MeasureWriter;
  /** The zones of a steady session in the goal's sport (zone 2, in watts or paces when known). */
  steadyZones: string;
}

const LONG_LABEL = / - (long|simulation)$/;

/** The week's long session or goal simulation, in the race week: a steady session of the same sport, no rehearsal of the day. */
function easyInsteadOfLong(planned: ScheduledDay, steadyZones: string, sport: EnduranceSport): Pick<ScheduledDay, 'activityType' | 'zones' | 'description'> {
  const prefix = planned.activityType.replace(LONG_LABEL, '');
  return {
    activityType: `${prefix} - endurance`,
    zones: steadyZones,
    description: `Steady aerobic ${sport === 'cycling' ? 'ride' : 'run'}, shorter than usual: the long work is done.`,
  };
}

export function raceWeek({ schedule, phases, targetDay, goal, preparationType, restDays, write, steadyZones }: RaceWeekInput): RaceWeek | null {
  if (schedule.phases.length === 0) return null;
  const lastWeekStart = phaseWeekOneStart(schedule.phases, 0) + (schedule.totalWeeks - 1) * 7 * DAY_MS;
  const target = Date.UTC(targetDay.getUTCFullYear(), targetDay.getUTCMonth(), targetDay.getUTCDate());
  if (target < lastWeekStart || target >= lastWeekStart + 7 * DAY_MS) return null;
  const weekStart = target - 6 * DAY_MS;

  const taper = phases.find((phase) => phase.key === 'peak-and-taper');
  const template = taper?.dailySchedule ?? [];
  const typicalMin = Math.max(1, ...(taper?.weeks ?? []).filter((week) => week.kind === 'load' || week.kind === 'peak').map((week) => week.targetMin));
  const lastWeek = taper?.weeks?.at(-1);
  const scale = lastWeek ? Math.min(1, lastWeek.targetMin / typicalMin) : 0.5;
  const sport = sportName[goal.sport];
  const isPr = preparationType === 'pr';

  const days: ScheduledDay[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const dayMs = weekStart + offset * DAY_MS;
    const dayOfWeek = DAYS_OF_WEEK[(new Date(dayMs).getUTCDay() + 6) % 7]!;
    const toGo = Math.round((target - dayMs) / DAY_MS);
    let day: ScheduledDay;
    if (toGo === 0) {
      const minutes = goal.eventMinutes !== null ? round5(goal.eventMinutes) : 0;
      day = {
        dayOfWeek,
        activityType: `${sport} - ${isPr ? 'PR attempt' : 'race day'}`,
        duration: minutes > 0 ? minutesInWords(minutes) : 'Race',
        durationMin: minutes,
        zones: 'Goal effort',
        description: `${goal.title}${goal.distanceKm !== null ? `: ${write.distance(goal.distanceKm * 1000)}` : ''}. Start below the effort you can hold and build into it.`,
        notes: minutes >= 90 ? 'Eat and drink from the first hour, as practised.' : 'Warm up well; the effort is short and hard.',
      };
    } else if (restDays.includes(dayOfWeek)) day = restDay(dayOfWeek);
    else if (toGo === 1) {
      day = {
        dayOfWeek,
        activityType: `${sport} - openers`,
        duration: minutesInWords(OPENER_MIN),
        durationMin: OPENER_MIN,
        zones: 'Z1-Z2, 3 x 1 min at goal effort',
        description: `Easy ${goal.sport === 'cycling' ? 'ride' : 'run'} with 3 x 1 min at goal effort to wake the legs.`,
        notes: 'Check your kit and plan the morning.',
      };
    } else if (toGo === 2) day = restDay(dayOfWeek, 'Rest two days before the event.');
    else {
      const planned = template.find((entry) => entry.dayOfWeek === dayOfWeek);
      if (!planned || planned.durationMin === 0) day = restDay(dayOfWeek);
      else {
        const minutes = planned.activityType.startsWith('Lifting') ? planned.durationMin : Math.min(RACE_WEEK_SESSION_MAX_MIN, Math.max(20, round5(planned.durationMin * scale)));
        const { steps: _steps, ...rest } = planned;
        const easy = LONG_LABEL.test(planned.activityType) ? easyInsteadOfLong(planned, steadyZones, goal.sport) : {};
        day = { ...rest, ...easy, duration: minutesInWords(minutes), durationMin: minutes, notes: 'Race week: keep it short and crisp.' };
      }
    }
    days.push(day);
  }
  return {
    startDate: new Date(weekStart).toISOString().slice(0, 10),
    date: new Date(target).toISOString().slice(0, 10),
    dailySchedule: days,
  };
}
