import type { GeneratedPlan, TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { currentPhaseOf, planSchedule } from '../../../shared/domain/plan-phases.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { renderUnitsDeep } from '../../../shared/domain/unit-tokens.ts';
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
 * A stored plan's text in `units` (ADR 0073): a plan written in tokens has every measure Kairo
 * computed rendered in them and says so (`units`); a plan written before, in the units of its day,
 * is returned as it is (its `units` says which, for the plan view's note). Only Kairo's text is
 * rendered: the fields the athlete typed are the plan's inputs, kept as typed.
 */
export function planInUnits<Plan extends { generatedPlan: GeneratedPlan; planSummary: string }>(plan: Plan, units: UnitSystem): Plan {
  if (!plan.generatedPlan.unitTokens) return plan;
  return { ...plan, generatedPlan: { ...renderUnitsDeep(plan.generatedPlan, units), units }, planSummary: renderUnitsDeep(plan.planSummary, units) };
}

/** The accepted changes' sessions in `units`: they are copies of the plan's own sessions (ADR 0050, 0073). */
export const changesInUnits = (changes: AcceptedSessionChange[], units: UnitSystem): AcceptedSessionChange[] => renderUnitsDeep(changes, units);

/**
 * A plan with the changes the athlete accepted (ADR 0050), for everything that reads its dated
 * sessions: compliance, the calendar file and feed, the device files, the analysis.
 */
export type AdjustedPlanView = TrainingPlanView & { sessionChanges: AcceptedSessionChange[] };
