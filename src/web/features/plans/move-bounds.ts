import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { addCalendarDays } from '../../../shared/time.ts';

/**
 * The last day a session of the plan may be moved to, and its event day (the plan's days as the
 * server lays them out, dated-sessions.ts): its last phase's end, or the day before its event,
 * since the plan rests after the event and the event day keeps its race. Undefined while unknown.
 */
export function moveBounds(plan: Pick<TrainingPlanView, 'phases' | 'generatedPlan'> | undefined): { lastDay?: string; raceDay?: string } {
  const raceDay = plan?.generatedPlan.trainingPlan.raceWeek?.date;
  const phasesEnd = plan?.phases.at(-1)?.endDate;
  const lastDay = raceDay && phasesEnd && raceDay <= phasesEnd ? addCalendarDays(raceDay, -1) : phasesEnd;
  return { ...(lastDay ? { lastDay } : {}), ...(raceDay ? { raceDay } : {}) };
}
