import { z } from 'zod';

/**
 * The figures of a stretch of one activity (GET /api/activities/:id/range?from=&to=), the span of
 * elapsed time the athlete selected on the streams chart. Each figure is computed by Kairo's own
 * metric functions over the stretch's samples (the laps' rule, ADR 0047, and the elevation rule of
 * ADR 0063) and is null where the activity did not record what it needs, never 0.
 */
const seconds = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of seconds` })
    .refine(Number.isFinite, `${name} must be a number of seconds`)
    .min(0, `${name} must be 0 or more seconds`);

export const activityRangeQuery = z
  .object({ from: seconds('from'), to: seconds('to') })
  .refine((query) => query.to > query.from, { message: '"to" must be after "from"' });

export const activityRange = z.object({
  /** Seconds of elapsed time from the activity's start, as the chart's axis reads. */
  fromS: z.number(),
  toS: z.number(),
  durationS: z.number(),
  distanceM: z.number().nullable(),
  averagePowerW: z.number().nullable(),
  /** Null under 30 recorded seconds, as for a lap. */
  normalizedPowerW: z.number().nullable(),
  averageHeartrateBpm: z.number().nullable(),
  maxHeartrateBpm: z.number().nullable(),
  /** Over the recorded seconds of the stretch; a run reads it as pace. */
  averageSpeedMps: z.number().nullable(),
  elevationGainM: z.number().nullable(),
});
export type ActivityRange = z.infer<typeof activityRange>;
