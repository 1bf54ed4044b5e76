import type { AcceptedSessionChange } from '../dated-sessions.ts';
import type { AdjustedPlanView } from '../view.ts';

/**
 * Today's readiness hold (ADR 0068) laid over a plan's sessions like an accepted change, after the
 * changes the athlete accepted: the plan's .ics, feed and workout files write today as the day plan
 * decided it. Kept apart from the day plan's service so the plans service and its files import
 * only this.
 */

/** The id a readiness hold carries where it is laid over a plan's sessions. */
export const READINESS_HOLD_ID = 'readiness';

export function withReadinessHold<Plan extends { sessionChanges: readonly AcceptedSessionChange[] }>(plan: Plan, hold: AcceptedSessionChange | null): Plan {
  return hold ? { ...plan, sessionChanges: [...plan.sessionChanges, hold] } : plan;
}

/** How the plan's files ask for the hold on the plan they read; absent where the day plan is not wired. */
export type ReadinessHoldReader = (accountId: string, plan: AdjustedPlanView) => Promise<AcceptedSessionChange | null>;
