import { HEART_RATE_RANGE_BPM } from '../../../metrics/sample-cleaning.ts';
import type { ActivityValues } from '../activities/index.ts';
import { boundedText } from '../../http/stored-text.ts';
import type { PackedActivity } from './parsed-activity.ts';

/** An imported activity's name and device name, as long as Strava's are kept. */
const MAX_IMPORTED_TEXT_CHARS = 255;

/** Strava's coarse `type` for a sport type (the list shows icons by it). */
function coarseType(sportType: string): string {
  if (sportType === 'TrailRun' || sportType === 'VirtualRun') return 'Run';
  if (sportType === 'MountainBikeRide' || sportType === 'GravelRide' || sportType === 'EBikeRide') return 'Ride';
  return sportType;
}

const sportLabels: Record<string, string> = {
  Ride: 'Ride',
  VirtualRide: 'Indoor ride',
  Run: 'Run',
  TrailRun: 'Trail run',
  Walk: 'Walk',
  Hike: 'Hike',
  Swim: 'Swim',
  WeightTraining: 'Strength session',
  Workout: 'Workout',
  Rowing: 'Row',
  VirtualRow: 'Indoor row',
  Kayaking: 'Kayak',
  Canoeing: 'Canoe',
  StandUpPaddling: 'Paddle',
  NordicSki: 'Nordic ski',
  AlpineSki: 'Ski',
  BackcountrySki: 'Backcountry ski',
  HighIntensityIntervalTraining: 'HIIT session',
  Elliptical: 'Elliptical',
  StairStepper: 'Stair stepper',
};

/** A name for files that carry none: the sport and the (UTC) date, e.g. "Ride, 16 Aug 2013". */
export function defaultActivityName(sportType: string, startDate: Date): string {
  const date = startDate.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${sportLabels[sportType] ?? 'Activity'}, ${date}`;
}

/** A device's heart rate of 0 (or outside 25-250 bpm) is no reading. */
function heartRateOrNull(bpm: number | null): number | null {
  return bpm !== null && bpm >= HEART_RATE_RANGE_BPM[0] && bpm <= HEART_RATE_RANGE_BPM[1] ? bpm : null;
}

/** A device's power figure of 0 W is a meter that measured nothing (or no meter at all). */
function powerOrNull(watts: number | null): number | null {
  return watts !== null && watts > 0 ? watts : null;
}

/**
 * Maps a parsed file onto the activity row; `sourceKey` makes the import idempotent. Heart-rate
 * and power figures come from the cleaned streams (the metrics' algorithms), the device's own
 * only where the streams have none, so the summary and the metrics show the same figure.
 */
export function toActivityValues(
  parsed: PackedActivity,
  origin: { source: 'file' | 'archive'; sourceKey: string; name?: string | null; stravaActivityId?: string | null },
): ActivityValues {
  const { computed, stated, extremes } = parsed;
  const hasPowerStream = computed?.averagePowerW != null;
  return {
    source: origin.source,
    sourceKey: origin.sourceKey,
    stravaActivityId: null,
    // Names come from files and archives: outside text, made storable and bounded like Strava's (issue 16 items 3 and 4).
    name: boundedText(origin.name, MAX_IMPORTED_TEXT_CHARS) ?? boundedText(parsed.name, MAX_IMPORTED_TEXT_CHARS) ?? defaultActivityName(parsed.sportType, parsed.startDate),
    type: coarseType(parsed.sportType),
    sportType: parsed.sportType,
    distance: parsed.distanceM,
    movingTime: parsed.movingTimeS,
    elapsedTime: parsed.elapsedTimeS,
    totalElevationGain: parsed.totalElevationGainM,
    startDate: parsed.startDate,
    averageSpeed: parsed.stated.averageSpeedMps ?? (parsed.movingTimeS > 0 ? parsed.distanceM / parsed.movingTimeS : null),
    maxSpeed: parsed.stated.maxSpeedMps ?? extremes.maxSpeedMps,
    elevHigh: extremes.altitudeHighM,
    elevLow: extremes.altitudeLowM,
    averageHeartrate: computed?.averageHeartrateBpm ?? heartRateOrNull(stated.averageHeartrateBpm),
    maxHeartrate: computed?.maxHeartrateBpm ?? heartRateOrNull(stated.maxHeartrateBpm),
    averageCadence: parsed.stated.averageCadenceRpm,
    averageWatts: hasPowerStream ? computed.averagePowerW : powerOrNull(stated.averagePowerW),
    maxWatts: hasPowerStream ? computed.maxPowerW : powerOrNull(stated.maxPowerW),
    weightedAverageWatts: hasPowerStream ? computed.normalizedPowerW : powerOrNull(stated.normalizedPowerW),
    deviceWatts: hasPowerStream || powerOrNull(stated.averagePowerW) !== null,
    kilojoules: hasPowerStream ? computed.workKj : powerOrNull(stated.workKj),
    calories: parsed.stated.calories,
    trainer: parsed.trainer,
    startLatlng: extremes.startLatlng,
    endLatlng: extremes.endLatlng,
    deviceName: boundedText(parsed.deviceName, MAX_IMPORTED_TEXT_CHARS),
    laps: parsed.laps,
    fileQuality: parsed.fileQuality,
    detailFetchedAt: new Date(),
  };
}
