import { trialDaysLeft, type AccountPlan } from '../../../shared/domain/account-plan.ts';

/** What the Free plan allows, said wherever the plan is shown (spec §6; ADR 0031 for plans kept after a downgrade). */
export const FREE_PLAN_LIMITS = '1 training plan, no exports';

/** What a plan notice (the sidebar's, or the phone's line over the content) is shown for. */
export interface PlanNoticeProps {
  plan: AccountPlan;
  trialExpiryDate: string | null;
}

export type TrialNoticeContent =
  | { kind: 'trial'; daysLeft: number; daysLeftLabel: string }
  | { kind: 'free' };

/** '1 day' or 'N days' (spec §2 sidebar). */
export function formatDaysLeft(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * What the sidebar's upgrade notice says, or null when it does not show: it is only for Free
 * and trial accounts (spec §6), and a trial without an expiry date has no countdown to show.
 */
export function trialNoticeFor(plan: AccountPlan, trialExpiryDate: string | null, now = new Date()): TrialNoticeContent | null {
  if (plan === 'Free') return { kind: 'free' };
  const daysLeft = trialDaysLeft(plan, trialExpiryDate, now);
  if (daysLeft === null) return null;
  return { kind: 'trial', daysLeft, daysLeftLabel: formatDaysLeft(daysLeft) };
}
