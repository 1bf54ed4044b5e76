import { z } from 'zod';

/**
 * Contracts of how the athlete feels (issue 18 §2, docs/decisions/0037-wellness-and-readiness.md):
 * the daily check-in, its CSV import, the feel of one activity, and readiness.
 *
 * Every value is optional; a value not given is null, never 0. The 1–5 scales read the same way
 * everywhere: sleep quality and mood 5 = best; fatigue, soreness and stress 5 = worst.
 * A day is a calendar day 'YYYY-MM-DD' in the athlete's own time zone, up to today where the day
 * starts first (UTC+14), so a morning check-in anywhere on Earth is never "in the future".
 */

export const SCALE_RANGE = { min: 1, max: 5 } as const;
export const RPE_RANGE = { min: 1, max: 10 } as const;
export const SLEEP_HOURS_RANGE = { min: 0, max: 24 } as const;
export const RESTING_HR_RANGE_BPM = { min: 20, max: 150 } as const;
/** rMSSD from a chest strap or ring lies well within this; 0 or 900 ms is a misreading, not a value. */
export const HRV_RANGE_MS = { min: 3, max: 300 } as const;
export const BODY_WEIGHT_RANGE_KG = { min: 20, max: 300 } as const;
export const NOTE_MAX_CHARS = 2000;
/** The CSV import's largest file: ten years of daily rows with notes fit well within it. */
export const WELLNESS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The longest span GET /api/wellness answers in one call. */
export const WELLNESS_RANGE_MAX_DAYS = 731;
/**
 * The earliest day a check-in, a range or an imported row may have: the routes and the CSV import
 * take the same days (1900-01-01 up to latestCalendarDay), so whatever is stored can be shown and deleted.
 */
export const EARLIEST_WELLNESS_DAY = '1900-01-01';
/** Rows left out that an import's answer lists, the first by line; `errorCount` says how many there were. */
export const WELLNESS_IMPORT_LISTED_ERRORS = 100;
/** Rows left out after which a file is refused as a whole (400, nothing written): it is not a wellness CSV. */
export const WELLNESS_IMPORT_MAX_BAD_ROWS = 1000;
/** How far the latest allowed day runs ahead of UTC: the earliest time zone, UTC+14. */
export const EARLIEST_ZONE_OFFSET_MS = 14 * 3_600_000;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day written 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** The latest day anyone can be living in at `now`: today in UTC+14. */
export function latestCalendarDay(now: Date): string {
  return new Date(now.getTime() + EARLIEST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}

export const calendarDay = z
  .string({ error: 'Date must be a day written YYYY-MM-DD' })
  .refine(isCalendarDay, 'Date must be a day written YYYY-MM-DD');

const ranged = (label: string, range: { min: number; max: number }, unit: string, integer: boolean) => {
  const base = z.number({ error: `${label} must be a number` });
  const checked = integer ? base.int(`${label} must be a whole number`) : base;
  const span = `${range.min}–${range.max}${unit}`;
  return checked
    .min(range.min, `${label} must be between ${span}`)
    .max(range.max, `${label} must be between ${span}`)
    .nullable()
    .optional();
};

const scale = (label: string) => ranged(label, SCALE_RANGE, '', true);

/** The fields of one day, as the check-in form and the import write them. */
export const wellnessFields = {
  sleepHours: ranged('Sleep', SLEEP_HOURS_RANGE, ' h', false),
  sleepQuality: scale('Sleep quality'),
  fatigue: scale('Fatigue'),
  soreness: scale('Soreness'),
  stress: scale('Stress'),
  mood: scale('Mood'),
  restingHrBpm: ranged('Resting HR', RESTING_HR_RANGE_BPM, ' bpm', false),
  hrvRmssdMs: ranged('HRV (rMSSD)', HRV_RANGE_MS, ' ms', false),
  weightKg: ranged('Body weight', BODY_WEIGHT_RANGE_KG, ' kg', false),
  note: z
    .string({ error: 'Note must be text' })
    .max(NOTE_MAX_CHARS, `Note must be at most ${NOTE_MAX_CHARS} characters`)
    .nullable()
    .optional(),
};
export type WellnessField = keyof typeof wellnessFields;
export const wellnessFieldNames = Object.keys(wellnessFields) as WellnessField[];

/** PUT /api/wellness/:date: the whole day as the form shows it; a field left out is cleared. */
export const wellnessDayBody = z.strictObject(wellnessFields, { error: 'Unknown field in the check-in' });
export type WellnessDayBody = z.input<typeof wellnessDayBody>;

export const wellnessDay = z.object({
  date: z.string(),
  sleepHours: z.number().nullable(),
  sleepQuality: z.number().nullable(),
  fatigue: z.number().nullable(),
  soreness: z.number().nullable(),
  stress: z.number().nullable(),
  mood: z.number().nullable(),
  restingHrBpm: z.number().nullable(),
  hrvRmssdMs: z.number().nullable(),
  weightKg: z.number().nullable(),
  note: z.string().nullable(),
});
export type WellnessDay = z.infer<typeof wellnessDay>;

/** GET /api/wellness/:date: null when nothing was recorded that day. */
export const wellnessDayAnswer = z.object({ day: wellnessDay.nullable() });
export type WellnessDayAnswer = z.infer<typeof wellnessDayAnswer>;

export const wellnessRangeQuery = z.object({ from: calendarDay, to: calendarDay });
export const wellnessRangeAnswer = z.object({ days: z.array(wellnessDay) });
export type WellnessRangeAnswer = z.infer<typeof wellnessRangeAnswer>;

/**
 * The CSV import's columns (header names, any case; spaces and dashes read as underscores). The
 * first column is the date; a few names other apps export are read as the same column.
 */
export const WELLNESS_CSV_COLUMNS: Record<WellnessField, string[]> = {
  sleepHours: ['sleep_hours', 'sleep', 'sleephours'],
  sleepQuality: ['sleep_quality'],
  fatigue: ['fatigue'],
  soreness: ['soreness'],
  stress: ['stress'],
  mood: ['mood'],
  restingHrBpm: ['resting_hr_bpm', 'resting_hr', 'restinghr', 'rhr'],
  hrvRmssdMs: ['hrv_rmssd_ms', 'hrv_rmssd', 'rmssd', 'hrv'],
  weightKg: ['weight_kg', 'weight', 'body_weight'],
  note: ['note', 'notes', 'comment', 'comments'],
};

export const wellnessImportAnswer = z.object({
  /** Rows written (new days and days updated). */
  imported: z.number(),
  /** Header names that are none of the documented columns; their cells were not read. */
  unknownColumns: z.array(z.string()),
  /**
   * Rows left out, by line number of the file (the header is line 1): the first
   * WELLNESS_IMPORT_LISTED_ERRORS of them.
   */
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  /** How many rows were left out in all, listed or not. */
  errorCount: z.number(),
});
export type WellnessImportAnswer = z.infer<typeof wellnessImportAnswer>;

/** PUT /api/activities/:id/feel: both fields; null clears. */
export const activityFeelBody = z.strictObject(
  {
    rpe: z
      .number({ error: 'RPE must be a number' })
      .int('RPE must be a whole number')
      .min(RPE_RANGE.min, `RPE must be between ${RPE_RANGE.min} and ${RPE_RANGE.max}`)
      .max(RPE_RANGE.max, `RPE must be between ${RPE_RANGE.min} and ${RPE_RANGE.max}`)
      .nullable(),
    note: z
      .string({ error: 'Note must be text' })
      .max(NOTE_MAX_CHARS, `Note must be at most ${NOTE_MAX_CHARS} characters`)
      .nullable(),
  },
  { error: 'Unknown field in the activity feel' },
);
export const activityFeel = z.object({ rpe: z.number().nullable(), note: z.string().nullable() });
export type ActivityFeel = z.infer<typeof activityFeel>;

export const readinessStates = ['ready', 'steady', 'strained', 'unknown'] as const;
export type ReadinessState = (typeof readinessStates)[number];
export const readinessInputKeys = ['hrv', 'restingHr', 'form', 'sleep', 'feel'] as const;
export type ReadinessInputKey = (typeof readinessInputKeys)[number];
/** What an input says about today: 'poor' holds training back, 'good' clears it. */
export const readinessSignals = ['good', 'neutral', 'poor'] as const;
export type ReadinessSignal = (typeof readinessSignals)[number];

const readinessInput = z.object({
  key: z.enum(readinessInputKeys),
  label: z.string(),
  signal: z.enum(readinessSignals),
  /** The value as read, formatted ('48 ms', '−32', '6 h 30 min'). */
  value: z.string(),
  /** The athlete's own baseline, formatted ('52–66 ms', '50 bpm'); null where none applies. */
  baseline: z.string().nullable(),
  /** The same figures as numbers. */
  figures: z.record(z.string(), z.number()),
  /** One sentence saying what the input shows. */
  reason: z.string(),
});
export type ReadinessInputView = z.infer<typeof readinessInput>;

export const readinessView = z.object({
  date: z.string(),
  state: z.enum(readinessStates),
  inputs: z.array(readinessInput),
  /** Inputs left out, each with why (no reading, too little history for a baseline). */
  missing: z.array(z.object({ key: z.enum(readinessInputKeys), label: z.string(), reason: z.string() })),
  /** Sentences, the state's first. */
  reasons: z.array(z.string()),
});
export type ReadinessView = z.infer<typeof readinessView>;

export const readinessQuery = z.object({
  /** The athlete's today (their time zone); UTC's today when absent. */
  date: calendarDay.optional(),
  /** How many days of history the sparkline shows, ending with `date`. */
  days: z.coerce.number().int().min(1).max(366).default(56),
});

/**
 * GET /api/readiness: today's readiness and, for the 8-week strip, each day's state (the same
 * per-day judgement as the adjustments' low days; 'unknown' on a day without the athlete's own
 * readings) and HRV against the day's normal range.
 */
export const readinessAnswer = z.object({
  today: readinessView,
  history: z.array(
    z.object({
      date: z.string(),
      state: z.enum(readinessStates),
      /** The 7-day mean of rMSSD (from the mean of ln rMSSD), the trend; null with fewer than 3 readings in the 7 days. */
      hrvMs: z.number().nullable(),
      /** The day's normal HRV range (hrvNormalRange: the 60 days before yesterday); null without 14 readings there. */
      hrvLowMs: z.number().nullable(),
      hrvHighMs: z.number().nullable(),
    }),
  ),
});
export type ReadinessAnswer = z.infer<typeof readinessAnswer>;

