import { z } from 'zod';
import type { ScheduledDay } from './training-plans.ts';

/**
 * The plan answers back (ADR 0050): after each activity or check-in Kai reviews the next 7 days
 * of every active plan and may propose changes, each with one sentence of reason; nothing changes
 * until the athlete accepts, and every accepted change can be undone.
 */

/** Kai's rules' triggers, and 'athlete-edit': a change the athlete made themselves (ADR 0082, shared/api/plan-edits.ts), stored accepted. */
export const adjustmentTriggers = ['readiness-low', 'form-deep', 'key-session-missed', 'load-high', 'load-low', 'athlete-edit'] as const;
export type AdjustmentTrigger = (typeof adjustmentTriggers)[number];

export const adjustmentStatuses = ['pending', 'accepted', 'declined', 'undone', 'superseded'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

/** What one change of Kai's proposals does to its day. */
export const proposalChangeKinds = ['move', 'shorten', 'swap', 'rest'] as const;
export type ProposalChangeKind = (typeof proposalChangeKinds)[number];
/** What one change does to its day; 'change', 'replace', 'delete' and 'add' are the athlete's own edits (ADR 0082; an edit's move is 'move'). */
export const adjustmentChangeKinds = [...proposalChangeKinds, 'change', 'replace', 'delete', 'add'] as const;
export type AdjustmentChangeKind = (typeof adjustmentChangeKinds)[number];

export const adjustmentActions = ['accept', 'decline', 'undo'] as const;
export type AdjustmentAction = (typeof adjustmentActions)[number];

const sessionOnDay = z.object({
  /** As the plan names it, e.g. 'Cycling - threshold'. */
  activityType: z.string(),
  durationMin: z.number().int().nonnegative(),
});
export type AdjustmentSession = z.infer<typeof sessionOnDay>;

const adjustmentChange = z.object({
  /** YYYY-MM-DD: the day the change touches. */
  date: z.string(),
  kind: z.enum(adjustmentChangeKinds),
  /** What the day held; null: nothing (a free day a session moves to). */
  before: sessionOnDay.nullable(),
  /** What it holds once accepted; null: a rest day. */
  after: sessionOnDay.nullable(),
});
export type AdjustmentChange = z.infer<typeof adjustmentChange>;

/** A change as stored: each side the whole session, so accepting lays exactly it on the day and undoing takes exactly it off. */
export interface StoredAdjustmentChange {
  date: string;
  kind: AdjustmentChangeKind;
  before: { scheduled: ScheduledDay; durationMin: number } | null;
  after: { scheduled: ScheduledDay; durationMin: number } | null;
}

export const planAdjustment = z.object({
  id: z.string(),
  planId: z.string(),
  trigger: z.enum(adjustmentTriggers),
  status: z.enum(adjustmentStatuses),
  /** One sentence that cites the numbers behind it: the rules' own words. */
  reason: z.string(),
  /** The same reason in Kai's words from the configured language model, every number one of the rules'; null without one. Shown in place of `reason`. */
  wordedReason: z.string().nullable(),
  /** The numbers the rules read: e.g. { tsb: -34 } or { loadPct: 62, dueLoad: 290, doneLoad: 180 }. */
  evidence: z.record(z.string(), z.union([z.number(), z.string()])),
  changes: z.array(adjustmentChange),
  createdAt: z.string(),
  /** When it was accepted, declined or superseded. */
  decidedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type PlanAdjustment = z.infer<typeof planAdjustment>;

/** The reason the athlete reads: Kai's wording when the model gave one that kept to the rules' numbers, else the rules' sentence. */
export const shownReason = (adjustment: Pick<PlanAdjustment, 'reason' | 'wordedReason'>): string => adjustment.wordedReason ?? adjustment.reason;

export const planAdjustmentList = z.object({
  /** Waiting for the athlete, newest first. */
  pending: z.array(planAdjustment),
  /** Accepted, declined, undone and superseded ones, newest first. */
  history: z.array(planAdjustment),
});
export type PlanAdjustmentList = z.infer<typeof planAdjustmentList>;

/** Home: the pending proposals of the athlete's plans, each with its plan's title. */
export const pendingAdjustments = z.object({
  pending: z.array(planAdjustment.extend({ planTitle: z.string() })),
});
export type PendingAdjustments = z.infer<typeof pendingAdjustments>;

export const ADJUSTMENT_NOT_FOUND = 'Adjustment not found';

/** The 409 messages of transitions that are not allowed. */
export const ADJUSTMENT_CONFLICTS = {
  notPending: (status: AdjustmentStatus) => `This proposal is ${status}: only a pending proposal can be accepted or declined.`,
  notAccepted: (status: AdjustmentStatus) => `This change is ${status}: only an accepted change can be undone.`,
  stale: 'The plan changed since this was proposed, so it no longer fits; Kai reviews the plan again after your next activity or check-in.',
  past: 'This proposal touches a day that is already over; Kai reviews the plan again after your next activity or check-in.',
  laterChange: (date: string) => `A later accepted change also touches ${date}: undo that one first.`,
} as const;
