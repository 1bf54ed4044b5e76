import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { currentPhaseOf, planSchedule } from '../../../shared/domain/plan-phases.ts';
import type { AcceptedSessionChange } from './dated-sessions.ts';
import { lengthInput } from './plan-on-day.ts';
import type { TrainingPlanRow } from './repo.ts';

/** A stored plan as the API shows it: its phases laid out from its inputs, and where today falls. */
export function toView(row: TrainingPlanRow, now: Date): TrainingPlanView {
  const { accountId: _accountId, generatedAt, updatedAt, ...fields } = row;
  const input = lengthInput(row, generatedAt);
  const schedule = planSchedule(input);
  const progress = currentPhaseOf(input, now);
  return {
    ...fields,
    generatedAt: generatedAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    totalWeeks: schedule.totalWeeks,
    taperWeeks: schedule.taperWeeks,
    phases: schedule.phases,
    currentPhase: progress.phase,
    weekOfPhase: progress.weekOfPhase,
  };
}

/**
 * A plan with the changes the athlete accepted (ADR 0050), for everything that reads its dated
 * sessions: compliance, the calendar file and feed, the device files, the analysis.
 */
export type AdjustedPlanView = TrainingPlanView & { sessionChanges: AcceptedSessionChange[] };
