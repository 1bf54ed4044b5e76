import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import type { ActivityFileLimits } from '../../../shared/api/imports.ts';
import { computeStreamSummary, type StreamSummary } from '../../../metrics/stream-summary.ts';
import { fillMissing } from '../../../shared/fill-missing.ts';
import { ImportFileError } from './import-file-error.ts';
import type {
  ActivityFileFormat,
  ElevationGainFrom,
  MovingTimeRule,
  ParsedActivity,
  ParsedLap,
  RecordedActivity,
  RecordedLap,
  RecordedSample,
} from './parsed-activity.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import { inferSportTypeFromSpeed, isGpsSportType, type SportType } from './sport-type.ts';
import {
  cumulativeDistanceM,
  dropBackwardDistances,
  footMovingSpeedMps,
  lastKnown,
  movingIntervals,
  movingSecondsBetween,
  movingSecondsOf,
  ridingMovingSpeedMps,
  staysWithinRadius,
} from './track-math.ts';

/**
 * Positions that never leave this circle are no GPS track: GPS jitter standing still stays within
 * a few metres, and no outdoor ride or run does.
 */
const stationaryRadiusM = 25;

/** The sample fields that become streams one to one. */
const scalarStreamKeys = ['altitudeM', 'heartrateBpm', 'cadenceRpm', 'powerW', 'speedMps', 'temperatureC'] as const;

/**
 * Turns what a format reader recorded into a ParsedActivity, deriving what the file does not state
 * the same way for every format: totals from samples, distance from positions, sport from speed.
 */
export function assembleParsedActivity(
  fileName: string,
  format: ActivityFileFormat,
  recorded: RecordedActivity,
  contentHash: string,
  limits: Pick<ActivityFileLimits, 'maxDurationS'>,
): ParsedActivity {
  const { samples, duplicatesMerged, backwardDropped } = samplesInTimeOrder(recorded.samples);
  const first = samples[0];
  if (first === undefined) {
    throw new ImportFileError('no_samples', `${fileName} contains no recorded samples (points with a time).`);
  }
  const startMs = first.timeMs;
  // Multi-day events are recorded day by day; a longer span is a broken clock or not one activity,
  // and the 1 Hz metrics grid over it would grow without bound.
  const spanH = (samples.at(-1)!.timeMs - startMs) / 3600_000;
  if (spanH * 3600 > limits.maxDurationS) {
    throw new ImportFileError(
      'too_large',
      `${fileName} records ${spanH.toLocaleString('en-GB', { maximumFractionDigits: 1 })} hours; the limit for one activity is ${limits.maxDurationS / 3600} hours (a longer event is recorded day by day).`,
    );
  }
  const streams = buildStreams(samples, startMs);
  const distanceStreamM = streams.distanceM ?? [];
  const spanS = streams.timeS.at(-1) ?? 0;
  // A session can end before its last records (or a file state no session at all): elapsed time
  // covers every record.
  const elapsedTimeS = Math.round(Math.max(spanS, recorded.elapsedTimeS ?? 0));
  const distanceM = recorded.distanceM ?? lastKnown(distanceStreamM) ?? 0;

  // Moving time is the recorder's timer where it paused; else Kairo's rule (ADR 0065): over a
  // distance, the intervals at walking pace or faster (riding: 1 m/s) outside a GPS stay, kept as
  // the streams' moving flags so the metrics' 1 Hz seconds follow the same rule.
  const hasDistance = distanceStreamM.some((valueM) => valueM !== null && valueM > 0);
  // Without any distance (a trainer, a treadmill without a footpod) the seconds of effort are the
  // moving time, as head units count them, even where a timer ran: it cannot tell a break (ADR 0065).
  const effort = hasDistance ? null : effortIntervals(streams);
  const timerS = effort ? null : timerThatPausedS(format, recorded.movingTimeS, spanS);
  const distanceFromPositions = !samples.some((sample) => finiteOrNull(sample.distanceM) !== null);
  const byDistance = timerS === null && hasDistance;
  const timerRanThrough = byDistance && recorded.movingTimeS !== null;
  let sportType = recorded.sport?.sportType ?? null;
  let movingTimeRule: MovingTimeRule | null = null;
  if (byDistance) {
    const movingSecondsAt = (minSpeedMps: number) => {
      // A recorded distance (a footpod, a wheel, the device's filtered GPS) does not wander at a
      // standstill; only a distance summed from positions needs the stays left out.
      const moving = movingIntervals(streams.timeS, distanceStreamM, distanceFromPositions ? streams.latlng : undefined, minSpeedMps);
      return { moving, movingS: movingSecondsOf(streams.timeS, moving) };
    };
    sportType ??= inferSportTypeFromSpeed(distanceM, movingSecondsAt(footMovingSpeedMps).movingS);
    const minSpeedMps = minMovingSpeedMps(sportType);
    streams.moving = movingSecondsAt(minSpeedMps).moving;
    movingTimeRule = { from: 'speed', minSpeedMps };
  } else if (timerS === null) {
    // No distance (a trainer ride): the seconds with power or cadence, as head units count them.
    if (effort) streams.moving = effort;
    movingTimeRule = { from: effort ? 'effort' : 'recorded', minSpeedMps: null };
  }
  const computed = computeStreamSummary(streams);
  const movingTimeS = Math.min(
    elapsedTimeS,
    Math.round(timerS ?? (byDistance && streams.moving ? movingSecondsOf(streams.timeS, streams.moving) : (computed?.movingTimeS ?? 0))),
  );
  sportType ??= inferSportTypeFromSpeed(distanceM, movingTimeS);
  // Indoors: the sport says so (FIT sub sport), or a GPS sport has no track, like a treadmill run
  // whose watch stamped one location on every point.
  const hasGpsTrack = streams.latlng !== undefined && !staysWithinRadius(streams.latlng, stationaryRadiusM);
  const trainer = (recorded.sport?.indoor ?? false) || (!hasGpsTrack && isGpsSportType(sportType));

  return {
    format,
    sportType,
    name: recorded.name,
    startDate: new Date(startMs),
    elapsedTimeS,
    movingTimeS,
    distanceM,
    // The device's own ascent is what the athlete's unit showed (ADR 0063); Kairo's rule fills in.
    totalElevationGainM: recorded.totalElevationGainM ?? computed?.elevationGainM ?? null,
    computed,
    trainer,
    deviceName: recorded.deviceName,
    stated: recorded.stated,
    // Laps whose timer ran through (as the activity's did) say no more: their moving time follows the rule too.
    laps: buildLaps(recorded.laps, startMs, startMs + elapsedTimeS * 1000, timerRanThrough && streams.moving ? movingSecondsBetween(streams.timeS, streams.moving) : null),
    streams,
    contentHash,
    fileQuality: {
      elevationGainFrom: elevationGainFrom(recorded.totalElevationGainM, computed),
      duplicateTimestampsMerged: duplicatesMerged,
      backwardTimestampsDropped: backwardDropped,
      truncatedRecoveredS: recorded.truncated ? Math.round(spanS) : null,
      damagedRecoveredS: recorded.damaged ? Math.round(spanS) : null,
      transitionBeforeS: recorded.transitionBeforeS === undefined ? null : Math.round(recorded.transitionBeforeS),
      activeLengths: streams.active ? (recorded.activeLengths ?? null) : null,
      movingTimeRule,
    },
  };
}

/**
 * Within this much of the span, a TCX's lap timer never stopped: the file has no pauses to go by
 * (phone apps write each lap's elapsed time as its TotalTimeSeconds), and its stops are found from
 * motion, as for GPX.
 */
const timerRanThroughToleranceS = (spanS: number) => Math.max(3, spanS * 0.002);

/**
 * The recorder's timer time where it says when the athlete paused: always FIT's session timer (its
 * timer events pause it); a TCX's laps' TotalTimeSeconds only when they add up to less than the
 * span; null for GPX, which has no timer.
 */
function timerThatPausedS(format: ActivityFileFormat, statedTimerS: number | null, spanS: number): number | null {
  if (statedTimerS === null) return null;
  if (format === 'tcx' && statedTimerS >= spanS - timerRanThroughToleranceS(spanS)) return null;
  return statedTimerS;
}

/** The speed below which an athlete of this sport is stopped (`ridingMovingSpeedMps` on a bike). */
function minMovingSpeedMps(sportType: SportType): number {
  return sportFamilyOf(sportType) === 'ride' ? ridingMovingSpeedMps : footMovingSpeedMps;
}

/**
 * Without distance or a timer, the intervals that end with power or cadence above 0 are moving (a
 * trainer ride, as head units count it; a record's reading covers the time since the one before):
 * entry i is the interval from sample i to sample i + 1, the last entry the last sample's. The 1 Hz
 * series holds each until the next sample, leaving out pauses. Null when no sample has either.
 */
function effortIntervals(streams: ActivityStreams): boolean[] | null {
  const effort = streams.timeS.map((_, index) => (streams.powerW?.[index] ?? 0) > 0 || (streams.cadenceRpm?.[index] ?? 0) > 0);
  if (!effort.some(Boolean)) return null;
  return effort.map((_, index) => effort[Math.min(index + 1, effort.length - 1)]!);
}

/**
 * Keeps the recorder's order with strictly ascending times. A sample earlier than the one before
 * is dropped: a stray timestamp from before a GPS fix would make time run backwards. A sample at
 * the same time is folded into the first: TCX repeats the point at each lap boundary, and some
 * recorders write position and sensor data as separate records of the same second.
 */
function samplesInTimeOrder(samples: RecordedSample[]): {
  samples: RecordedSample[];
  duplicatesMerged: number;
  backwardDropped: number;
} {
  const ordered: RecordedSample[] = [];
  let duplicatesMerged = 0;
  let backwardDropped = 0;
  for (const sample of samples) {
    const last = ordered.at(-1);
    if (!Number.isFinite(sample.timeMs) || (last && sample.timeMs < last.timeMs)) {
      backwardDropped++;
      continue;
    }
    if (last && sample.timeMs === last.timeMs) {
      // A repeated timestamp: the first reading stands, the repeat fills what it lacks.
      ordered[ordered.length - 1] = fillMissing(last, sample);
      duplicatesMerged++;
    } else {
      ordered.push(sample);
    }
  }
  return { samples: ordered, duplicatesMerged, backwardDropped };
}

function buildStreams(samples: RecordedSample[], startMs: number): ActivityStreams {
  const streams: ActivityStreams = { timeS: samples.map((sample) => (sample.timeMs - startMs) / 1000) };
  for (const key of scalarStreamKeys) {
    const values = samples.map((sample) => finiteOrNull(sample[key]));
    if (values.some((value) => value !== null)) streams[key] = values;
  }
  if (samples.some((sample) => sample.active !== undefined)) streams.active = samples.map((sample) => sample.active === true);
  const latlng = samples.map((sample) => validLatLng(sample.latlng));
  if (latlng.some((point) => point !== null)) streams.latlng = latlng;

  const recordedDistanceM = samples.map((sample) => finiteOrNull(sample.distanceM));
  if (recordedDistanceM.some((valueM) => valueM !== null)) {
    streams.distanceM = dropBackwardDistances(recordedDistanceM);
  } else if (streams.latlng) {
    streams.distanceM = cumulativeDistanceM(streams.latlng);
  }
  return streams;
}

/**
 * A lap without its own elapsed time (TCX) lasts until the next lap starts, the last until the end.
 * `movingBetween` (seconds from the start): the activity's moving time came from Kairo's rule, and
 * each lap's does too, whatever its timer said, so the laps add up to the activity.
 */
function buildLaps(
  laps: RecordedLap[],
  startMs: number,
  endMs: number,
  movingBetween: ((fromS: number, toS: number) => number) | null,
): ParsedLap[] {
  return laps.map((lap, index) => {
    const nextStartMs = laps[index + 1]?.startMs ?? endMs;
    const elapsedTimeS = lap.elapsedTimeS ?? Math.max(0, (nextStartMs - lap.startMs) / 1000);
    const startTimeS = Math.max(0, (lap.startMs - startMs) / 1000);
    const movingTimeS = movingBetween ? movingBetween(startTimeS, startTimeS + elapsedTimeS) : lap.movingTimeS;
    return {
      startTimeS,
      elapsedTimeS: Math.round(elapsedTimeS),
      movingTimeS: movingTimeS === null ? null : Math.round(movingTimeS),
      distanceM: lap.distanceM,
      stated: lap.stated,
    };
  });
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function validLatLng(point: [number, number] | null | undefined): [number, number] | null {
  if (!point) return null;
  const [lat, lng] = point;
  const valid = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return valid ? [lat, lng] : null;
}

/** Where the activity's elevation gain comes from: the file's stated ascent, else the altitude's kind. */
function elevationGainFrom(statedM: number | null, computed: StreamSummary | null): ElevationGainFrom | null {
  if (statedM !== null) return 'device';
  return computed?.elevationGainM != null ? computed.altitudeKind : null;
}
