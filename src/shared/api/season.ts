import { z } from 'zod';
import { isCalendarDay } from './wellness.ts';

/**
 * The season (issue 30, docs/decisions/0083-season-curves.md): GET /api/season answers, for one
 * range of days, the athlete's best power-duration curve, the pace-duration curve of their runs'
 * best efforts, and a month-by-month timeline of FTP, critical power and maximum heart rate, each
 * figure with the activity it came from.
 *
 * - A range is the days `from`..`to` in the athlete's time zone `tz` (an IANA name; UTC when
 *   absent): an activity belongs to it when it started between `from`'s midnight and the midnight
 *   after `to` there. Without `from` and `to` the range is all time.
 * - The curve is the maximum, at each duration of the standard grid, of the curves stored with each
 *   activity's metrics (duplicates left out); the months of the timeline are the zone's months.
 * - W/kg is read from the weight on the day of the activity that set the figure: the newest
 *   check-in weight on or before that day, else the profile's weight; null without any.
 */

export const SEASON_MAX_YEARS = 20;

export const SEASON_MESSAGES = {
  day: (name: string) => `${name} must be a day written YYYY-MM-DD`,
  both: 'Give both from and to, or neither for all time.',
  order: 'from must not be after to.',
  span: `A range covers at most ${SEASON_MAX_YEARS} years.`,
  zone: 'tz must be an IANA time zone, such as Europe/Ljubljana.',
} as const;

/** Zones already asked about, with the answer: building a formatter to ask costs more than the rest of a kept season read. */
const knownZones = new Map<string, boolean>();
/** The runtime knows a few hundred zones; beyond this many names asked about, the answers start over. */
const KNOWN_ZONES_MAX = 1_000;

/** Whether `zone` is a time zone the runtime knows (what the database is asked to read the days in). */
export function isTimeZone(zone: string): boolean {
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let answer: boolean;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    answer = zone.length > 0 && zone.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(zone);
  } catch {
    answer = false;
  }
  if (knownZones.size >= KNOWN_ZONES_MAX) knownZones.clear();
  knownZones.set(zone, answer);
  return answer;
}

const dayField = (name: string) =>
  z
    .string({ error: SEASON_MESSAGES.day(name) })
    .refine(isCalendarDay, SEASON_MESSAGES.day(name))
    .optional();

/** The last day of a range starting on `from` that spans SEASON_MAX_YEARS years (the same day 20 years on, less one). */
export function lastDayWithin(from: string): string {
  const year = Number(from.slice(0, 4)) + SEASON_MAX_YEARS;
  const sameDay = new Date(`${String(year).padStart(4, '0')}${from.slice(4)}T00:00:00Z`);
  // 29 February of a year that has none becomes 1 March; the range ends the day before.
  return new Date(sameDay.getTime() - 86_400_000).toISOString().slice(0, 10);
}

export const seasonQuery = z
  .object({
    from: dayField('from').describe('The first day of the range, YYYY-MM-DD (with `to`; neither: all time).'),
    to: dayField('to').describe(`The last day of the range, YYYY-MM-DD: not before \`from\`, at most ${SEASON_MAX_YEARS} years after it.`),
    tz: z
      .string()
      .refine(isTimeZone, SEASON_MESSAGES.zone)
      .optional()
      .describe("The athlete's time zone (IANA), which the days and months are read in; UTC when absent."),
  })
  .superRefine(({ from, to }, ctx) => {
    if ((from === undefined) !== (to === undefined)) ctx.addIssue({ code: 'custom', message: SEASON_MESSAGES.both });
    // A day that is not one has its own message already; the range is judged only between real days.
    else if (from !== undefined && to !== undefined && isCalendarDay(from) && isCalendarDay(to)) {
      if (from > to) ctx.addIssue({ code: 'custom', message: SEASON_MESSAGES.order });
      else if (to > lastDayWithin(from)) ctx.addIssue({ code: 'custom', message: SEASON_MESSAGES.span });
    }
  });
export type SeasonQuery = z.infer<typeof seasonQuery>;

/** The activity a figure was read from, and the day (in the range's zone) it started. */
const evidence = z.object({ activityId: z.string(), name: z.string(), date: z.string() });
export type SeasonEvidence = z.infer<typeof evidence>;

export const seasonAnswer = z.object({
  range: z.object({ from: z.string().nullable(), to: z.string().nullable(), tz: z.string() }),
  power: z.object({
    /** Activities in the range with measured power. */
    activityCount: z.number(),
    /** The grid durations the longest of them reaches (POWER_CURVE_GRID_S). */
    durationsS: z.array(z.number()),
    watts: z.array(z.number()),
    /** Per duration: watts over the weight on the day of the activity that set it; null without a weight. */
    wattsPerKg: z.array(z.number().nullable()),
    /** Per duration: the activity that set it. */
    evidence: z.array(evidence),
    /** Critical power and W′ fitted to the curve from 3 to 20 min (metrics/critical-power.ts); null when it cannot be fitted. */
    criticalPower: z.object({ criticalPowerW: z.number(), wPrimeJ: z.number() }).nullable(),
  }),
  pace: z.object({
    /** Runs in the range with best efforts. */
    activityCount: z.number(),
    /** The fastest effort at each standard distance, shortest first. */
    efforts: z.array(evidence.extend({ distanceM: z.number(), elapsedS: z.number(), paceSPerKm: z.number() })),
  }),
  /** One entry per month of the range (the zone's months) with any activity that gives a figure, oldest first. */
  timeline: z.array(
    z.object({
      /** 'YYYY-MM'. */
      month: z.string(),
      /** 95 % of the month's best 20 minutes (the FTP estimate's rule). */
      ftp: evidence.extend({ watts: z.number(), wattsPerKg: z.number().nullable() }).nullable(),
      /** Critical power fitted to the month's best curve; evidence: the activity that set most of the fitted durations. */
      criticalPower: evidence.extend({ watts: z.number(), wattsPerKg: z.number().nullable() }).nullable(),
      /** The highest heart rate recorded in the month (within the cleaned range). */
      maxHeartRate: evidence.extend({ bpm: z.number() }).nullable(),
    }),
  ),
});
export type SeasonAnswer = z.infer<typeof seasonAnswer>;
export type SeasonMonth = SeasonAnswer['timeline'][number];
