import { z } from 'zod';
import { calendarDay } from './wellness.ts';

/**
 * GET /api/wellness/trends (issue 30), apart from ./wellness.ts: Home reads that module, and these
 * schemas are needed only on the check-in screen, which loads apart.
 */
/** The spans GET /api/wellness/trends draws: about three months, and a year. */
export const WELLNESS_TREND_SPANS = [90, 365] as const;
export type WellnessTrendSpan = (typeof WELLNESS_TREND_SPANS)[number];

export const wellnessTrendsQuery = z.object({
  /** The athlete's today (their time zone); UTC's today when absent. The span ends with it. */
  date: calendarDay.optional(),
  days: z
    .enum(['90', '365'], { error: 'days must be 90 or 365' })
    .default('90')
    .transform((days) => Number(days) as WellnessTrendSpan),
});

const trendPoint = z.object({ date: z.string(), value: z.number() });
export type WellnessTrendPoint = z.infer<typeof trendPoint>;

/**
 * GET /api/wellness/trends: HRV, resting HR, sleep and body weight over the span, each only on the
 * days that have a reading (a missing day is absent, never 0), with the normal range readiness
 * judges each day by (readiness.ts: hrvNormalRange and restingHrBaseline, the same functions), and
 * the fixed lines it reads sleep and a raised resting HR by.
 */
export const wellnessTrendsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  hrvRmssdMs: z.array(trendPoint),
  restingHrBpm: z.array(trendPoint),
  sleepHours: z.array(trendPoint),
  weightKg: z.array(trendPoint),
  /** Each day's normal HRV range (ms), on the days with enough readings for one. */
  hrvNormal: z.array(z.object({ date: z.string(), lowMs: z.number(), highMs: z.number() })),
  /** Each day's usual resting HR (bpm), on the days with enough readings for one; a reading this many bpm above it is raised. */
  restingHrUsual: z.array(z.object({ date: z.string(), bpm: z.number() })),
  restingHrRaisedByBpm: z.number(),
  /** Readiness reads a night under `shortBelow` hours as short, and one of `goodFrom` hours or more as good. */
  sleepHoursLines: z.object({ shortBelow: z.number(), goodFrom: z.number() }),
});
export type WellnessTrendsAnswer = z.infer<typeof wellnessTrendsAnswer>;
