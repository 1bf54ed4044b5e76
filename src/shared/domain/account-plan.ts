import { DAY_MS } from '../time.ts';

/** Account plans and their rules (spec §1, §3, §6). Shared by server and web. */
export const accountPlans = ['Free', 'Trial14', 'Trial30', 'Pro'] as const;
export type AccountPlan = (typeof accountPlans)[number];

export const paymentStatuses = [
  'none',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const DEFAULT_ACCOUNT_PLAN: AccountPlan = 'Trial14';
export const TRIAL_LENGTH_DAYS: Record<AccountPlan, number | null> = {
  Free: null,
  Trial14: 14,
  Trial30: 30,
  Pro: null,
};

export function isTrialPlan(plan: AccountPlan): boolean {
  return plan === 'Trial14' || plan === 'Trial30';
}

/**
 * Days left on a trial: days until the expiry rounded up, never below 0 (spec §4).
 * Returns null for plans that are not trials or have no expiry date.
 */
export function trialDaysLeft(plan: AccountPlan, trialExpiryDate: string | Date | null, now = new Date()): number | null {
  if (!isTrialPlan(plan) || trialExpiryDate === null) return null;
  const expiry = typeof trialExpiryDate === 'string' ? new Date(trialExpiryDate) : trialExpiryDate;
  return Math.max(0, Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Whether an account has Pro-level access right now. A running trial counts as Pro-level
 * (spec §6, settings reading); an expired trial falls back to Free limits.
 */
export function hasProAccess(plan: AccountPlan, trialExpiryDate: string | Date | null, now = new Date()): boolean {
  if (plan === 'Pro') return true;
  if (!isTrialPlan(plan)) return false;
  const daysLeft = trialDaysLeft(plan, trialExpiryDate, now);
  return daysLeft !== null && daysLeft > 0;
}

/** Pro and both trials count as paid level (spec §6, settings reading); moving from one to Free is a downgrade. */
export function isPaidLevelPlan(plan: AccountPlan): boolean {
  return plan === 'Pro' || isTrialPlan(plan);
}

export interface PlanChange {
  plan: AccountPlan;
  /** A trial runs its full length from the change; other plans have no expiry. */
  trialExpiryDate: Date | null;
  /** Set when the plan actually changes. */
  previousPlan?: AccountPlan;
  /** Set when a paid-level account moves to Free. */
  downgradedAt?: Date;
}

/** The account fields that change when an account moves from one plan to another. */
export function planChange(from: AccountPlan, to: AccountPlan, now = new Date()): PlanChange {
  const trialDays = TRIAL_LENGTH_DAYS[to];
  return {
    plan: to,
    trialExpiryDate: trialDays === null ? null : new Date(now.getTime() + trialDays * DAY_MS),
    ...(from === to ? {} : { previousPlan: from }),
    ...(to === 'Free' && isPaidLevelPlan(from) ? { downgradedAt: now } : {}),
  };
}
