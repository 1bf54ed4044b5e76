import { z } from 'zod';

/** Contracts of the activity endpoints (spec §3 Activity, §7). Dates are ISO strings. */
export const activitySources = ['strava', 'file', 'archive', 'demo'] as const;
export type ActivitySourceName = (typeof activitySources)[number];

export const activityListItem = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  sportType: z.string(),
  source: z.enum(activitySources),
  stravaActivityId: z.string().nullable(),
  distance: z.number(),
  movingTime: z.number(),
  elapsedTime: z.number(),
  totalElevationGain: z.number().nullable(),
  startDate: z.string(),
  averageHeartrate: z.number().nullable(),
  averageWatts: z.number().nullable(),
  deviceWatts: z.boolean(),
  trainer: z.boolean(),
});
export type ActivityListItem = z.infer<typeof activityListItem>;

export const activityListQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 200').max(200, 'limit must be between 1 and 200').default(50),
  before: z.iso.datetime({ offset: true, error: 'before must be an ISO date-time' }).optional(),
});

export const activityList = z.array(activityListItem);

/**
 * What Kairo's cleaning step removed from an activity's streams before computing its metrics
 * (metrics/sample-cleaning.ts, ADR 0019): readings no athlete or working sensor produces.
 */
export const sampleCleaning = z.object({
  powerSpikesRemoved: z.number(),
  heartRateReadingsRemoved: z.number(),
  cadenceReadingsRemoved: z.number(),
  speedJumpsRemoved: z.number(),
});
export type SampleCleaning = z.infer<typeof sampleCleaning>;

export const movingTimeRule = z.object({ from: z.enum(['speed', 'effort', 'recorded']), minSpeedMps: z.number().nullable() });
export type MovingTimeRule = z.infer<typeof movingTimeRule>;

/** What the importer did to an uploaded file's samples, and whether the file ended early. */
/**
 * Where an activity's elevation gain comes from (ADR 0063): the device's stated ascent ('device'),
 * Strava's figure ('strava'), or Kairo's rule over the altitude stream, smoothed for
 * barometric-like ('barometric') or GPS-like ('gps') altitude.
 */
export const elevationGainFrom = z.enum(['device', 'strava', 'barometric', 'gps']);
export type ElevationGainFrom = z.infer<typeof elevationGainFrom>;

export const fileQuality = z.object({
  /** Where the elevation gain comes from; null or absent (older imports) when unknown. */
  elevationGainFrom: elevationGainFrom.nullable().optional(),
  duplicateTimestampsMerged: z.number(),
  backwardTimestampsDropped: z.number(),
  /** Seconds recovered from a file cut short; null for a whole file. */
  truncatedRecoveredS: z.number().nullable(),
  /** Seconds read from a damaged file (CRC fails, or a time far out of line ends it); null or absent otherwise. */
  damagedRecoveredS: z.number().nullable().optional(),
  /** A leg of a multisport file: the seconds of the transition just before it; null or absent otherwise. */
  transitionBeforeS: z.number().nullable().optional(),
  /**
   * A pool swim: the lengths swum, over which its heart-rate average and max are taken (the rests
   * left out); null otherwise, absent on files imported before it was kept.
   */
  activeLengths: z.number().nullable().optional(),
  /**
   * How Kairo counted moving time for a file without timer pauses (ADR 0065): intervals at
   * `minSpeedMps` or faster ('speed'), seconds with power or cadence ('effort'), or every recorded
   * second ('recorded'); null (absent on older imports) when the recorder's timer is used.
   */
  movingTimeRule: movingTimeRule.nullable().optional(),
});
export type FileQuality = z.infer<typeof fileQuality>;

/** The activity's "data quality": the cleaning counts and, for an uploaded file, the file's. */
export const dataQuality = sampleCleaning.extend({
  /** Where the elevation gain comes from (ADR 0063); null or absent when unknown. */
  elevationGainFrom: elevationGainFrom.nullable().optional(),
  duplicateTimestampsMerged: z.number(),
  backwardTimestampsDropped: z.number(),
  truncatedRecoveredS: z.number().nullable(),
  /** Seconds read from a damaged file; null (or absent) otherwise. */
  damagedRecoveredS: z.number().nullable().optional(),
  /** A leg of a multisport file: the seconds of the transition just before it; null (or absent) otherwise. */
  transitionBeforeS: z.number().nullable().optional(),
  /** A pool swim: the lengths swum, the seconds of its heart-rate figures; null otherwise. */
  activeLengths: z.number().nullable(),
  /** How moving time was counted without timer pauses; null or absent: the recorder's timer (or Strava's). */
  movingTimeRule: movingTimeRule.nullable().optional(),
});
export type DataQuality = z.infer<typeof dataQuality>;

/** Training metrics of one activity (null where the data does not allow them). */
export const activityMetricsView = z.object({
  averagePowerW: z.number().nullable(),
  maxPowerW: z.number().nullable(),
  normalizedPowerW: z.number().nullable(),
  intensityFactor: z.number().nullable(),
  tss: z.number().nullable(),
  variabilityIndex: z.number().nullable(),
  workKj: z.number().nullable(),
  efficiencyFactor: z.number().nullable(),
  decouplingPct: z.number().nullable(),
  /** Seconds in Coggan's 7 power zones. */
  powerZoneSeconds: z.array(z.number()).nullable(),
  /** Seconds in the athlete's 5 heart-rate zones. */
  hrZoneSeconds: z.array(z.number()).nullable(),
  trimp: z.number().nullable(),
  trainingLoad: z.number().nullable(),
  trainingLoadMethod: z.enum(['power', 'heartRate', 'pace', 'estimate']).nullable(),
  movingTimeS: z.number().nullable(),
  distanceM: z.number().nullable(),
  elevationGainM: z.number().nullable(),
  xPowerW: z.number().nullable(),
  averageHeartrateBpm: z.number().nullable(),
  maxHeartrateBpm: z.number().nullable(),
  hrTss: z.number().nullable(),
  averagePaceSPerKm: z.number().nullable(),
  gradeAdjustedPaceSPerKm: z.number().nullable(),
  rTss: z.number().nullable(),
  bestEfforts: z.array(z.object({ distanceM: z.number(), elapsedS: z.number(), startOffsetS: z.number() })).nullable(),
  /** The FTP the power scores used: estimated from the athlete's own best 20 minutes until they set one. */
  ftpW: z.number().nullable(),
  /** settings: the athlete set it in Kairo; strava: Strava's athlete profile states it; estimate: Kairo's, from the rides before (ADR 0025). */
  ftpSource: z.enum(['settings', 'strava', 'estimate', 'none']),
  /** Runs: the threshold pace rTSS is scored against, estimated from the athlete's own best efforts (ADR 0015). */
  thresholdPaceSPerKm: z.number().nullable(),
  thresholdPaceSource: z.enum(['settings', 'estimate', 'none']),
  /**
   * The sources of the activities the estimated thresholds were read from (empty when the athlete
   * set them): FTP, IF, TSS, zones and load are derived from those activities too.
   */
  thresholdSources: z.array(z.enum(activitySources)),
  /** Null without streams; absent from metrics stored before the cleaning step counted. */
  dataQuality: sampleCleaning.nullable().optional(),
  /**
   * The upper bounds of heart-rate zones 1-4 the zone times were counted with (zone 5 is open),
   * whole beats, and where they came from; absent in metrics stored before they were kept.
   */
  hrZoneUpperBoundsBpm: z.array(z.number()).nullable().optional(),
  hrZonesSource: z.enum(['settings', 'strava', 'estimate', 'none']).optional(),
  /** The max heart rate TRIMP and the estimated zones were scored with; absent on metrics stored before it was kept. */
  maxHrBpm: z.number().nullable().optional(),
});
export type ActivityMetricsView = z.infer<typeof activityMetricsView>;

export const powerCurve = z.object({ durationsS: z.array(z.number()), watts: z.array(z.number()) });

export const bestPowerCurveQuery = z.object({
  days: z.coerce.number().int().min(1, 'days must be between 1 and 365').max(365, 'days must be between 1 and 365').default(90),
});
/**
 * The athlete's best power-duration curve over the activities of the last `days` days, on the
 * standard duration grid (POWER_CURVE_GRID_S, cut where the longest activity ends): `watts[k]` is
 * the best power held for `durationsS[k]` seconds or longer in any of them. Read the same grid
 * durations off an activity's /power-curve to overlay the two.
 */
export const bestPowerCurve = z.object({
  days: z.number(),
  /** Activities with measured power in the window (none: empty arrays). */
  activityCount: z.number(),
  durationsS: z.array(z.number()),
  watts: z.array(z.number()),
  /**
   * Critical power (W) and W′ (J) of the two-parameter model fitted to this curve from 3 to 20 min;
   * null when it stops before 20 min or the fit is not physiological (nothing held above CP).
   */
  criticalPower: z.object({ criticalPowerW: z.number(), wPrimeJ: z.number() }).nullable(),
});
export type BestPowerCurve = z.infer<typeof bestPowerCurve>;

const streamValues = z.array(z.number().nullable());
/** The recorded sample streams of one activity, index-aligned with `timeS` (seconds from the start). */
export const activityStreams = z.object({
  timeS: z.array(z.number()),
  distanceM: streamValues.optional(),
  latlng: z.array(z.tuple([z.number(), z.number()]).nullable()).optional(),
  altitudeM: streamValues.optional(),
  heartrateBpm: streamValues.optional(),
  cadenceRpm: streamValues.optional(),
  powerW: streamValues.optional(),
  speedMps: streamValues.optional(),
  temperatureC: streamValues.optional(),
  moving: z.array(z.boolean()).optional(),
});
export type ActivityStreamsView = z.infer<typeof activityStreams>;

export const fitnessQuery = z.object({
  days: z.coerce.number().int().min(1, 'days must be between 1 and 730').max(730, 'days must be between 1 and 730').default(90),
});
export const fitnessSeries = z.array(
  z.object({ date: z.string(), load: z.number(), ctl: z.number(), atl: z.number(), tsb: z.number() }),
);

export const activityDetail = activityListItem.extend({
  timezone: z.string().nullable(),
  averageSpeed: z.number().nullable(),
  maxSpeed: z.number().nullable(),
  elevHigh: z.number().nullable(),
  elevLow: z.number().nullable(),
  workoutType: z.number().nullable(),
  maxHeartrate: z.number().nullable(),
  averageCadence: z.number().nullable(),
  maxWatts: z.number().nullable(),
  weightedAverageWatts: z.number().nullable(),
  kilojoules: z.number().nullable(),
  calories: z.number().nullable(),
  commute: z.boolean(),
  sufferScore: z.number().nullable(),
  startLatlng: z.tuple([z.number(), z.number()]).nullable(),
  endLatlng: z.tuple([z.number(), z.number()]).nullable(),
  description: z.string().nullable(),
  deviceName: z.string().nullable(),
  laps: z.array(z.unknown()).nullable(),
  splitsMetric: z.array(z.unknown()).nullable(),
  splitsStandard: z.array(z.unknown()).nullable(),
  bestEfforts: z.array(z.unknown()).nullable(),
  segmentEfforts: z.array(z.unknown()).nullable(),
  hasStreams: z.boolean(),
  /** The streams the activity has, e.g. ['heartrateBpm', 'powerW']. */
  streamKeys: z.array(z.string()),
  /** Null until computed (moments after the activity arrives). */
  metrics: activityMetricsView.nullable(),
  /** Null until the metrics are computed, or without streams and file (a Strava summary). */
  dataQuality: dataQuality.nullable(),
});
export type ActivityDetail = z.infer<typeof activityDetail>;

