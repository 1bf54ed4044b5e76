import { z } from 'zod';

/**
 * The laps and the work/rest intervals of one activity (GET /api/activities/:id/intervals). Each
 * figure is null where the activity did not record it (no power meter: no watts and no % FTP).
 */
const segmentFigures = z.object({
  /** Seconds from the activity's start. */
  startS: z.number(),
  durationS: z.number(),
  distanceM: z.number().nullable(),
  averagePowerW: z.number().nullable(),
  normalizedPowerW: z.number().nullable(),
  averageHeartrateBpm: z.number().nullable(),
  maxHeartrateBpm: z.number().nullable(),
  averageCadenceRpm: z.number().nullable(),
  averageSpeedMps: z.number().nullable(),
  /** Average power as a share of the FTP the activity was scored against; null without both. */
  ftpPct: z.number().nullable(),
});

export const activityLap = segmentFigures.extend({ number: z.number().int().positive() });
export type ActivityLap = z.infer<typeof activityLap>;

export const activityInterval = segmentFigures.extend({ kind: z.enum(['work', 'rest']) });
export type ActivityInterval = z.infer<typeof activityInterval>;

export const activityIntervals = z.object({
  /** The device's laps (or Strava's), in order; empty when the recording has none. */
  laps: z.array(activityLap),
  /** Null for a steady activity, or one without streams. */
  intervals: z
    .object({
      /** What work was told apart by: the laps' or the seconds' power, pace or heart rate. */
      signal: z.enum(['power', 'speed', 'heart-rate']),
      from: z.enum(['laps', 'signal']),
      items: z.array(activityInterval),
    })
    .nullable(),
  /** The FTP % FTP is read against (a ride's, ADR 0025); null for other sports or when unknown. */
  ftpW: z.number().nullable(),
});
export type ActivityIntervals = z.infer<typeof activityIntervals>;
