import type { ActivityDetail, MovingTimeRule } from '../../../shared/api/activities.ts';
import type { ElevationGainFrom } from '../../../shared/api/activities.ts';
import { ELEVATION_RULES } from '../../../metrics/elevation.ts';
import { formatNumber } from '../../../shared/format.ts';
import { activityFamily } from '../../lib/activity-family.ts';

/** What the data-quality line needs of an activity. */
export type DataQualitySource = Pick<ActivityDetail, 'type' | 'sportType' | 'deviceWatts' | 'dataQuality' | 'averageHeartrate'>;

const counted = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${formatNumber(count)} ${many}`);

/** "1 h 12 min", "47 min", "30 s". */
export function formatRecovered(seconds: number): string {
  const totalMinutes = Math.floor(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return totalMinutes > 0 ? `${totalMinutes} min` : `${Math.round(seconds)} s`;
}

/**
 * Where the elevation gain comes from (ADR 0063): what the athlete's unit (or Strava) showed, or
 * Kairo's rule over the altitude, with its smoothing and threshold.
 */
export function elevationNote(from: ElevationGainFrom): string {
  if (from === 'device') return 'elevation gain as your device recorded it';
  if (from === 'strava') return 'elevation gain as Strava reported it';
  const rule = ELEVATION_RULES[from];
  const altitude = from === 'gps' ? 'GPS altitude' : 'barometric altitude';
  const threshold = rule.noiseFactor
    ? `threshold ${rule.noiseFactor} × its remaining noise, at least ${rule.hysteresisM} m`
    : `${rule.hysteresisM} m threshold`;
  return `elevation gain computed from ${altitude}, smoothed (${rule.medianWindowS} s median, ${threshold})`;
}

/**
 * The activity's "data quality" line (ADR 0019): what Kairo removed or repaired before computing
 * its figures, a file that ended early, and, once, that a ride had no power meter (its power
 * figures are absent, not 0 W). A pool swim's heart rate covers the lengths swum: the line says so.
 * A file without timer pauses says how its moving time was counted (ADR 0065). Empty when there is
 * nothing to say.
 */
export function dataQualityNotes(activity: DataQualitySource): string[] {
  const notes: string[] = [];
  const quality = activity.dataQuality;
  if (quality?.elevationGainFrom) notes.push(elevationNote(quality.elevationGainFrom));
  if (quality?.activeLengths != null && activity.averageHeartrate !== null) {
    notes.push(`heart rate over the ${counted(quality.activeLengths, 'length', 'lengths')} swum, rests left out`);
  }
  const movingTime = quality?.movingTimeRule ? movingTimeNote(quality.movingTimeRule) : null;
  if (movingTime) notes.push(movingTime);
  if (quality?.transitionBeforeS != null) notes.push(`multisport leg; ${formatRecovered(quality.transitionBeforeS)} of transition before it`);
  if (quality?.truncatedRecoveredS != null) notes.push(`file ended early; ${formatRecovered(quality.truncatedRecoveredS)} recovered`);
  if (quality?.damagedRecoveredS != null) notes.push(`file damaged; ${formatRecovered(quality.damagedRecoveredS)} read before the damage`);
  if (activityFamily(activity) === 'ride' && !activity.deviceWatts) notes.push('no power meter');
  if (quality) {
    if (quality.powerSpikesRemoved > 0) notes.push(`${counted(quality.powerSpikesRemoved, 'power spike', 'power spikes')} removed`);
    if (quality.heartRateReadingsRemoved > 0 && activity.averageHeartrate === null) {
      // Every reading was 0 (a strap that never connected, as Zwift writes it): no heart rate, not a faulty one.
      notes.push(`no heart rate recorded (${counted(quality.heartRateReadingsRemoved, 'reading', 'readings')} of 0 or out of range)`);
    } else if (quality.heartRateReadingsRemoved > 0) {
      notes.push(`${counted(quality.heartRateReadingsRemoved, 'heart-rate reading', 'heart-rate readings')} of 0 or out of range removed`);
    }
    if (quality.cadenceReadingsRemoved > 0) {
      notes.push(`${counted(quality.cadenceReadingsRemoved, 'cadence reading', 'cadence readings')} above 250 removed`);
    }
    if (quality.speedJumpsRemoved > 0) notes.push(`${counted(quality.speedJumpsRemoved, 'speed jump', 'speed jumps')} removed`);
    if (quality.backwardTimestampsDropped > 0) {
      notes.push(`${counted(quality.backwardTimestampsDropped, 'sample', 'samples')} with a time going backwards dropped`);
    }
    if (quality.duplicateTimestampsMerged > 0) {
      notes.push(`${counted(quality.duplicateTimestampsMerged, 'repeated timestamp', 'repeated timestamps')} merged`);
    }
  }
  return notes;
}

/** How moving time was counted for a file without timer pauses (ADR 0065). */
function movingTimeNote(rule: MovingTimeRule): string {
  if (rule.from === 'speed' && rule.minSpeedMps !== null) {
    const upToOneDecimal = (value: number) => formatNumber(value, Number.isInteger(value) ? 0 : 1);
    const mps = upToOneDecimal(rule.minSpeedMps);
    const kmh = upToOneDecimal(Math.round(rule.minSpeedMps * 36) / 10);
    return `moving time: seconds at ${mps} m/s (${kmh} km/h) or faster, GPS wander while standing left out (the file has no timer pauses)`;
  }
  if (rule.from === 'effort') return 'moving time: seconds with power or cadence above 0 (the file has no distance)';
  return 'moving time: every recorded second (the file has no distance, power, cadence or timer pauses)';
}
