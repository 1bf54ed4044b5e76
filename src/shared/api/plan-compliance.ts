import { z } from 'zod';
import { DAY_MS } from '../time.ts';

/** Contracts of GET /api/training-plans/{id}/compliance: planned vs done (ADR 0035). */

/** The longest span one request lists: a year and a day, so a leap year fits. */
export const COMPLIANCE_MAX_DAYS = 366;
export const COMPLIANCE_RANGE_MESSAGES = {
  date: 'from and to are calendar days, YYYY-MM-DD.',
  order: 'from must not be after to.',
  span: `List at most ${COMPLIANCE_MAX_DAYS} days at a time.`,
} as const;

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

const calendarDay = z.string().refine(isCalendarDay, COMPLIANCE_RANGE_MESSAGES.date);

/** Both ends optional: the plan's first and last day stand in. */
export const planComplianceQuery = z
  .object({ from: calendarDay.optional(), to: calendarDay.optional() })
  .superRefine(({ from, to }, ctx) => {
    if (!from || !to) return;
    if (from > to) ctx.addIssue({ code: 'custom', message: COMPLIANCE_RANGE_MESSAGES.order });
    else if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > COMPLIANCE_MAX_DAYS) ctx.addIssue({ code: 'custom', message: COMPLIANCE_RANGE_MESSAGES.span });
  });
export type PlanComplianceQuery = z.infer<typeof planComplianceQuery>;

export const sessionStatuses = ['completed', 'partial', 'missed', 'future'] as const;
export const dayStatuses = [...sessionStatuses, 'rest', 'unplanned'] as const;
export type DayStatus = (typeof dayStatuses)[number];
export const complianceBands = ['green', 'amber', 'orange', 'red'] as const;
export type ComplianceBand = (typeof complianceBands)[number];
export const sessionSportFamilies = ['ride', 'run', 'hike', 'workout', 'other'] as const;

const percent = z.number().int().nonnegative().nullable();

const complianceDay = z.object({
  date: z.string(),
  /** Null on a rest day. */
  planned: z
    .object({
      /** As the plan names it, e.g. 'Cycling - threshold'. */
      name: z.string(),
      /** The sport family an activity needs to count for it; null for a sport Kairo cannot match. */
      sport: z.enum(sessionSportFamilies).nullable(),
      durationMin: z.number().int().nonnegative(),
      /** Estimated on the TSS scale from the session's structure; null when its length is unknown. */
      plannedLoad: z.number().int().nonnegative().nullable(),
    })
    .nullable(),
  matchedActivityIds: z.array(z.string()),
  /** The day the matched activities were done when it was not the planned day (a moved session). */
  doneOn: z.string().nullable(),
  doneMin: z.number().int().nonnegative().nullable(),
  /** Null without matched activities, or while one of them is not scored yet. */
  doneLoad: z.number().int().nonnegative().nullable(),
  durationPct: percent,
  loadPct: percent,
  status: z.enum(dayStatuses),
  /** Null for rest days, unplanned-only days, future sessions and sessions of unknown length. */
  band: z.enum(complianceBands).nullable(),
  unplannedActivityIds: z.array(z.string()),
  /**
   * Set when an accepted adjustment (ADR 0050) changed the day: the plan's own session there
   * before it (null: the day was free), so the calendar can mark the change, a new rest day too.
   */
  changed: z
    .object({
      adjustmentId: z.string(),
      before: z.object({ name: z.string(), durationMin: z.number().int().nonnegative() }).nullable(),
    })
    .nullable(),
});
export type ComplianceDayView = z.infer<typeof complianceDay>;

const complianceTotals = z.object({
  plannedMin: z.number().int().nonnegative(),
  plannedLoad: z.number().int().nonnegative(),
  /** The sessions whose day is over or that are done: what the ratios compare against. */
  dueMin: z.number().int().nonnegative(),
  dueLoad: z.number().int().nonnegative(),
  doneMin: z.number().int().nonnegative(),
  doneLoad: z.number().int().nonnegative().nullable(),
  durationPct: percent,
  loadPct: percent,
  band: z.enum(complianceBands).nullable(),
  sessions: z.object({
    planned: z.number().int().nonnegative(),
    due: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    partial: z.number().int().nonnegative(),
    missed: z.number().int().nonnegative(),
  }),
  unplannedMin: z.number().int().nonnegative(),
});
export type ComplianceTotalsView = z.infer<typeof complianceTotals>;

export const planComplianceView = z.object({
  planId: z.string(),
  /** The plan's first and last day, and the UTC day the figures were computed on. */
  startDate: z.string(),
  endDate: z.string(),
  today: z.string(),
  /** The days listed: the query's, clamped to the plan. */
  from: z.string(),
  to: z.string(),
  days: z.array(complianceDay),
  /** Monday-to-Sunday weeks of the listed days, each summed over its days within the plan. */
  weeks: z.array(complianceTotals.extend({ startDate: z.string(), endDate: z.string() })),
  /** The plan from its first day to today. */
  overall: complianceTotals,
});
export type PlanComplianceView = z.infer<typeof planComplianceView>;
