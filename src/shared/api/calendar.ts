import { z } from 'zod';
import { DAY_MS } from '../time.ts';
import { calendarPeriods, weekdays } from '../domain/week-start.ts';
import { dayPlanDay } from './day-plan.ts';
import { complianceBands, dayStatuses } from './plan-compliance.ts';
import { calendarDay, isCalendarDay } from './wellness.ts';

/**
 * The training calendar (ADR 0080): GET /api/calendar lists each day of a range with its
 * activities and the day plan's decision, and the athlete's weeks with their totals;
 * GET /api/calendar/totals sums months or years. Rules every answer keeps:
 *
 * - An activity belongs to the calendar day it started on, in UTC, as the activity list, the
 *   fitness series, compliance, the day plan and Ask Kai count it; weeks are seven such days from
 *   the athlete's `weekStartsOn` (settings), months and years are those days' months and years.
 * - Duplicates are left out, as in the activity list.
 * - A figure the device did not record is null on the activity, never 0 (an indoor ride has no
 *   distance, an activity without altitude no elevation gain, one not yet scored no load). Totals
 *   sum the known values only and count, in `missing`, the activities that lacked each figure; a
 *   total is null when no activity of its bucket recorded that figure (an empty bucket included).
 */

export const CALENDAR_MAX_DAYS = 400;
export const CALENDAR_TOTALS_MAX_YEARS = 20;

export const CALENDAR_MESSAGES = {
  order: 'from must not be after to.',
  span: `The calendar lists at most ${CALENDAR_MAX_DAYS} days at a time.`,
  totalsSpan: `Totals cover at most ${CALENDAR_TOTALS_MAX_YEARS} years at a time.`,
  period: 'period must be month or year.',
} as const;

const dayField = (name: string) =>
  z.string({ error: `${name} is required: a day written YYYY-MM-DD` }).refine(isCalendarDay, `${name} must be a day written YYYY-MM-DD`);

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

export const calendarQuery = z
  .object({
    from: dayField('from').describe('The first day listed, YYYY-MM-DD.'),
    to: dayField('to').describe(`The last day listed, YYYY-MM-DD: at most ${CALENDAR_MAX_DAYS} days from \`from\`, and not before it.`),
    /** The athlete's today (their time zone) for the day plan and compliance; UTC's today when absent. It must be within a day of UTC's. */
    today: calendarDay.optional().describe("The athlete's today in their time zone (YYYY-MM-DD, within a day of UTC's); UTC's today when absent."),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.order });
    else if (daysBetween(from, to) > CALENDAR_MAX_DAYS) ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.span });
  });
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const calendarTotalsQuery = z
  .object({
    period: z.enum(calendarPeriods, { error: CALENDAR_MESSAGES.period }).describe('month or year: the buckets summed.'),
    from: dayField('from').describe('A day of the first month or year, YYYY-MM-DD.'),
    to: dayField('to').describe(`A day of the last month or year, YYYY-MM-DD: at most ${CALENDAR_TOTALS_MAX_YEARS} calendar years from \`from\`.`),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.order });
    else if (Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1 > CALENDAR_TOTALS_MAX_YEARS) ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.totalsSpan });
  });
export type CalendarTotalsQuery = z.infer<typeof calendarTotalsQuery>;

export const calendarSportFamilies = ['ride', 'run', 'hike', 'workout', 'other'] as const;

/** Sums over a bucket's activities; see the top of this file for absent figures. */
export const calendarTotals = z.object({
  activities: z.number().int().nonnegative(),
  movingTimeS: z.number().nonnegative(),
  /** Sum of the distances recorded; null when none of the activities recorded one. */
  distanceM: z.number().nonnegative().nullable(),
  elevationGainM: z.number().nonnegative().nullable(),
  trainingLoad: z.number().nonnegative().nullable(),
  /** How many of the activities lacked each figure (left out of its sum). */
  missing: z.object({
    distance: z.number().int().nonnegative(),
    elevationGain: z.number().int().nonnegative(),
    trainingLoad: z.number().int().nonnegative(),
  }),
});
export type CalendarTotals = z.infer<typeof calendarTotals>;

/** A bucket's totals over all its activities and per sport family (only the families it holds, in `calendarSportFamilies` order). */
export const calendarBucketTotals = z.object({
  overall: calendarTotals,
  bySport: z.array(calendarTotals.extend({ sport: z.enum(calendarSportFamilies) })),
});
export type CalendarBucketTotals = z.infer<typeof calendarBucketTotals>;

/** What plan compliance (ADR 0035) says of a planned session: the mark on its day and on the activities done for it. */
export const calendarCompliance = z.object({
  planId: z.string(),
  status: z.enum(dayStatuses),
  /** Null for future sessions and sessions of unknown length. */
  band: z.enum(complianceBands).nullable(),
  durationPct: z.number().int().nonnegative().nullable(),
  loadPct: z.number().int().nonnegative().nullable(),
  /** The day the matched activities were done when not the planned day (a session moved by a day). */
  doneOn: z.string().nullable(),
  matchedActivityIds: z.array(z.string()),
});
export type CalendarCompliance = z.infer<typeof calendarCompliance>;

export const calendarActivity = z.object({
  id: z.string(),
  name: z.string(),
  /** Strava's sport type as stored ('VirtualRide'). */
  sportType: z.string(),
  sport: z.enum(calendarSportFamilies),
  startDate: z.iso.datetime(),
  movingTimeS: z.number().nonnegative(),
  distanceM: z.number().positive().nullable(),
  elevationGainM: z.number().nonnegative().nullable(),
  /** Null until the activity is scored, or when it cannot be. */
  trainingLoad: z.number().nonnegative().nullable(),
  /** The compliance of the planned session this activity was counted for; null when it counted for none. */
  compliance: calendarCompliance.nullable(),
});
export type CalendarActivity = z.infer<typeof calendarActivity>;

export const calendarDayEntry = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  activities: z.array(calendarActivity),
  /** The day plan's decision for the day (ADR 0068), exactly as GET /api/day-plan answers it. */
  plan: dayPlanDay,
  /** Compliance of the active plan's session on this day (the plan deciding the day); null without one. */
  compliance: calendarCompliance.nullable(),
});
export type CalendarDayEntry = z.infer<typeof calendarDayEntry>;

export const calendarWeek = z.object({
  /** The week's first day (a `weekStartsOn`) and last; a week may reach outside the range, its totals cover all seven days. */
  startDate: z.string(),
  endDate: z.string(),
  totals: calendarBucketTotals,
});
export type CalendarWeek = z.infer<typeof calendarWeek>;

export const calendarAnswer = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  weekStartsOn: z.enum(weekdays),
  days: z.array(calendarDayEntry),
  weeks: z.array(calendarWeek),
});
export type CalendarAnswer = z.infer<typeof calendarAnswer>;

export const calendarPeriodTotals = z.object({
  /** '2026-03' for a month, '2026' for a year. */
  key: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  totals: calendarBucketTotals,
});

export const calendarTotalsAnswer = z.object({
  period: z.enum(calendarPeriods),
  from: z.string(),
  to: z.string(),
  /** Every month or year meeting from..to, each over all its days. */
  periods: z.array(calendarPeriodTotals),
});
export type CalendarTotalsAnswer = z.infer<typeof calendarTotalsAnswer>;
