import type { FitnessDay } from '../../../../metrics/fitness.ts';
import { MESOCYCLE_WEEK_INFO, mesocycleWeekAt, type MesocycleState } from '../../../../shared/domain/mesocycle.ts';
import type { PlanOnDay } from '../../plans/index.ts';
import type { FitnessWithSources, TrainingLogEntry } from '../../scoring/index.ts';
import { planComplianceFacts } from './plan-compliance.ts';
import type { FactOrigin } from '../../../ai/provenance.ts';
import type { FitnessFacts, LoadFacts, MesocycleFacts, PlanFacts, RecentTrainingFacts } from './context-types.ts';
import { calendarDay, count, duration, formatted, percentRange, positive, quantity, timeLeft } from '../format.ts';
import { fitnessAt, fitnessChange } from '../fitness.ts';
import { sessionTotals } from '../totals.ts';

/** The training around the activity: the fitness series, the recent log, the cycle week and the active plans. */

export const RECENT_TRAINING_DAYS = 14;
/** The activity's day and the same day a week before. */
export const FITNESS_DAYS = 8;

export function planFacts(plan: PlanOnDay): PlanFacts {
  const { phase, target } = plan;
  const whole = (value: number) => quantity(value, String(value));
  return {
    provenance: ['athlete'],
    name: plan.name,
    type: plan.preparationType,
    goal: plan.goal,
    standing: plan.standing,
    startDate: calendarDay(plan.startDate),
    endDate: calendarDay(plan.endDate),
    totalWeeks: whole(plan.totalWeeks),
    weekOfPlan: formatted(plan.weekOfPlan, whole),
    phase: phase && {
      key: phase.key,
      name: phase.name,
      weekOfPhase: whole(phase.weekOfPhase),
      weeks: whole(phase.weeks),
      objective: phase.objective,
      weekKind: phase.week?.kind ?? null,
    },
    target: target && { label: target.label, date: calendarDay(target.date), timeLeft: timeLeft(target.daysTo) },
    volume: phase && {
      provenance: ['strava'],
      weeklyFocus: phase.weeklyFocus,
      plannedWeekTime: formatted(positive(phase.week?.targetMin), (minutes) => duration(minutes * 60)),
    },
    compliance: planComplianceFacts(plan.compliance),
  };
}

export function loadFacts({ series, sources }: FitnessWithSources): LoadFacts {
  const day = series.at(-1);
  const weekBefore = series[0];
  if (!day || !weekBefore || series.length !== FITNESS_DAYS) {
    throw new Error(`expected ${FITNESS_DAYS} days of fitness, got ${series.length}`);
  }
  // Fitness and fatigue as the day left them; form as the morning before it, the very figure Home showed that day.
  const aroundTheDay = (entry: FitnessDay): FitnessFacts => {
    const { fitness, fatigue } = fitnessAt(entry, 'evening');
    return { fitness, fatigue, form: fitnessAt(entry, 'morning').form };
  };
  return {
    provenance: sources,
    onTheDay: aroundTheDay(day),
    weekBefore: aroundTheDay(weekBefore),
    fitnessChange: fitnessChange(weekBefore, day, 'evening'),
    formAfter: fitnessAt(day, 'evening').form,
  };
}

export function recentTrainingFacts(log: TrainingLogEntry[]): RecentTrainingFacts {
  const totals = (entries: TrainingLogEntry[]) => sessionTotals(entries, 'session');
  const families = [...new Set(log.map((entry) => entry.family))];
  const bySport = families
    .map((family) => ({ family, ...totals(log.filter((entry) => entry.family === family)) }))
    .sort((a, b) => b.movingTime.value - a.movingTime.value);
  const provenance: FactOrigin[] = [...new Set(log.flatMap((entry) => [entry.source, ...entry.thresholdSources]))].sort();
  return { provenance, days: count(RECENT_TRAINING_DAYS, 'day'), ...totals(log), bySport };
}

export function mesocycleFacts(state: MesocycleState, activityStart: Date): MesocycleFacts | null {
  const week = mesocycleWeekAt(state, activityStart);
  if (week === null) return null;
  const info = MESOCYCLE_WEEK_INFO[week];
  const { low, high } = info.loadPctOfBaseline;
  return {
    provenance: ['athlete'],
    week: quantity(week, `week ${week}`),
    name: info.name,
    intent: info.intent,
    loadOfBaseline: percentRange(low, high),
  };
}
