import { WEIGHT_RANGE_KG } from '../../../shared/api/settings.ts';
import { boundedText, storableJson } from '../../http/stored-text.ts';
import type { ActivityValues } from '../activities/index.ts';

/**
 * Bounds on what Strava (or anything claiming to be Strava) may make Kairo store: Strava's own
 * limits are lower, so real data always fits, and anything else is cut, not stored whole.
 */
export const MAX_ACTIVITY_NAME_LENGTH = 255;
const MAX_DESCRIPTION_LENGTH = 10_000;
const MAX_SHORT_TEXT_LENGTH = 100;
/** Strava's activity and sport types are single CamelCase words ('Ride', 'VirtualRide', 'EBikeRide'). */
const SPORT_TYPE_PATTERN = /^[A-Za-z]{1,40}$/;

const sportTypeOr = (fallback: string, ...candidates: unknown[]): string =>
  (candidates.find((candidate) => typeof candidate === 'string' && SPORT_TYPE_PATTERN.test(candidate)) as string | undefined) ?? fallback;

/** The fields of Strava's SummaryActivity / DetailedActivity that Kairo keeps (spec §3 Activity). */
export interface StravaActivity {
  id: number;
  name: string;
  type?: string;
  sport_type?: string;
  distance?: number;
  moving_time?: number;
  elapsed_time?: number;
  total_elevation_gain?: number;
  start_date: string;
  timezone?: string;
  average_speed?: number;
  max_speed?: number;
  elev_high?: number;
  elev_low?: number;
  workout_type?: number | null;
  average_heartrate?: number;
  max_heartrate?: number;
  average_cadence?: number;
  average_watts?: number;
  max_watts?: number;
  weighted_average_watts?: number;
  device_watts?: boolean;
  kilojoules?: number;
  calories?: number;
  trainer?: boolean;
  commute?: boolean;
  suffer_score?: number | null;
  start_latlng?: number[] | null;
  end_latlng?: number[] | null;
  description?: string | null;
  device_name?: string | null;
  segment_efforts?: unknown[];
  best_efforts?: unknown[];
  laps?: unknown[];
  splits_metric?: unknown[];
  splits_standard?: unknown[];
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const latlng = (value: number[] | null | undefined): [number, number] | null =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number'
    ? [value[0], value[1]]
    : null;

const arrayOrEmpty = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Summary fields, present in both the list and the detail answer. */
export function summaryValues(activity: StravaActivity, source: 'strava' | 'demo'): ActivityValues {
  return {
    source,
    sourceKey: String(activity.id),
    stravaActivityId: String(activity.id),
    name: boundedText(activity.name, MAX_ACTIVITY_NAME_LENGTH) ?? 'Untitled activity',
    type: sportTypeOr('Workout', activity.type, activity.sport_type),
    sportType: sportTypeOr('Workout', activity.sport_type, activity.type),
    distance: num(activity.distance) ?? 0,
    movingTime: Math.round(num(activity.moving_time) ?? 0),
    elapsedTime: Math.round(num(activity.elapsed_time) ?? 0),
    totalElevationGain: num(activity.total_elevation_gain),
    startDate: new Date(activity.start_date),
    timezone: boundedText(activity.timezone, MAX_SHORT_TEXT_LENGTH),
    averageSpeed: num(activity.average_speed),
    maxSpeed: num(activity.max_speed),
    elevHigh: num(activity.elev_high),
    elevLow: num(activity.elev_low),
    workoutType: num(activity.workout_type),
    averageHeartrate: num(activity.average_heartrate),
    maxHeartrate: num(activity.max_heartrate),
    averageCadence: num(activity.average_cadence),
    averageWatts: num(activity.average_watts),
    maxWatts: num(activity.max_watts),
    weightedAverageWatts: num(activity.weighted_average_watts),
    deviceWatts: activity.device_watts === true,
    kilojoules: num(activity.kilojoules),
    trainer: activity.trainer === true,
    commute: activity.commute === true,
    sufferScore: num(activity.suffer_score),
    startLatlng: latlng(activity.start_latlng),
    endLatlng: latlng(activity.end_latlng),
  };
}

/** Summary plus what only the detailed answer carries. */
export function detailValues(activity: StravaActivity, source: 'strava' | 'demo'): ActivityValues {
  return {
    ...summaryValues(activity, source),
    calories: num(activity.calories),
    description: boundedText(activity.description, MAX_DESCRIPTION_LENGTH),
    deviceName: boundedText(activity.device_name, MAX_SHORT_TEXT_LENGTH),
    segmentEfforts: storableJson(arrayOrEmpty(activity.segment_efforts)),
    bestEfforts: storableJson(arrayOrEmpty(activity.best_efforts)),
    laps: storableJson(arrayOrEmpty(activity.laps)),
    splitsMetric: storableJson(arrayOrEmpty(activity.splits_metric)),
    splitsStandard: storableJson(arrayOrEmpty(activity.splits_standard)),
    detailedData: storableJson(activity),
    detailFetchedAt: new Date(),
  };
}

/**
 * The body weight Kairo stores from Strava's athlete (ADR 0071): kilograms to 0.1 kg, as the
 * settings keep it (Strava writes 74.813); null for none, or for a value no person weighs (outside
 * the settings' 20–300 kg, a 0 Strava writes for unset included), never stored as a weight.
 */
export function stravaWeightKg(weight: number | null | undefined): number | null {
  if (typeof weight !== 'number' || !Number.isFinite(weight)) return null;
  const kg = Math.round(weight * 10) / 10;
  return kg >= WEIGHT_RANGE_KG.min && kg <= WEIGHT_RANGE_KG.max ? kg : null;
}
