import type { ActivityStreams } from './activity-streams.ts';
import { selectKthSmallest } from './order-statistic.ts';

/**
 * The fidelity step between the recorders and the metrics (ADR 0019): readings no athlete or
 * sensor in working order produces become missing readings, so that one fault cannot turn a ride
 * into "NP 1201 W". The same step runs on every activity, whatever its source (file, archive,
 * Strava), and its decisions are counted so the activity can say what was removed.
 *
 * - Power above 2,500 W (beyond any human's peak), or above 4 x the ride's own 99th percentile
 *   once it has 10 minutes of pedalling to define one, or below 0 W, is a spike.
 * - Heart rate outside 25-250 bpm is a lost or confused strap: FIT and TCX write 0 when the
 *   strap loses contact, and that 0 is no reading.
 * - Cadence above 250 rpm (or steps of one foot per minute) is a sensor fault.
 * - A speed above 60 m/s, or one reached from the previous reading with more than 10 m/s² of
 *   acceleration (a bicycle or runner manages about 2), is a GPS or sensor jump.
 * Missing readings are then resampled like any gap (metrics/resample.ts): power as 0 W unless
 * inside a short dropout, heart rate bridged over short gaps.
 */
export const MAX_POWER_W = 2500;
const POWER_SPIKE_PERCENTILE = 0.99;
const POWER_SPIKE_FACTOR = 4;
const MIN_POSITIVE_POWER_READINGS_FOR_PERCENTILE = 600;
export const HEART_RATE_RANGE_BPM = [25, 250] as const;
export const MAX_CADENCE_RPM = 250;
const MAX_SPEED_MPS = 60;
const MAX_ACCELERATION_MPS2 = 10;

/** How many readings the cleaning step removed (made missing), per channel. */
export interface SampleCleaningCounts {
  powerSpikesRemoved: number;
  heartRateReadingsRemoved: number;
  cadenceReadingsRemoved: number;
  speedJumpsRemoved: number;
}

export interface CleanedStreams {
  streams: ActivityStreams;
  counts: SampleCleaningCounts;
}

export function cleanStreams(streams: ActivityStreams): CleanedStreams {
  const cleaned: ActivityStreams = { ...streams };
  const counts: SampleCleaningCounts = {
    powerSpikesRemoved: 0,
    heartRateReadingsRemoved: 0,
    cadenceReadingsRemoved: 0,
    speedJumpsRemoved: 0,
  };
  if (streams.powerW) {
    const limitW = powerSpikeLimitW(streams.powerW);
    const result = dropWhere(streams.powerW, (watts) => watts < 0 || watts > limitW);
    cleaned.powerW = result.values;
    counts.powerSpikesRemoved = result.removed;
  }
  if (streams.heartrateBpm) {
    const [lowBpm, highBpm] = HEART_RATE_RANGE_BPM;
    const result = dropWhere(streams.heartrateBpm, (bpm) => bpm < lowBpm || bpm > highBpm);
    cleaned.heartrateBpm = result.values;
    counts.heartRateReadingsRemoved = result.removed;
  }
  if (streams.cadenceRpm) {
    const result = dropWhere(streams.cadenceRpm, (rpm) => rpm < 0 || rpm > MAX_CADENCE_RPM);
    cleaned.cadenceRpm = result.values;
    counts.cadenceReadingsRemoved = result.removed;
  }
  if (streams.speedMps) {
    const result = dropSpeedJumps(streams.timeS, streams.speedMps);
    cleaned.speedMps = result.values;
    counts.speedJumpsRemoved = result.removed;
  }
  for (const key of ['powerW', 'heartrateBpm', 'cadenceRpm', 'speedMps'] as const) {
    if (cleaned[key] && !cleaned[key].some((value) => value !== null)) delete cleaned[key];
  }
  return { streams: cleaned, counts };
}

const isPlausiblePositive = (watts: number | null | undefined): watts is number => watts != null && watts > 0 && watts <= MAX_POWER_W;

/** 2,500 W, or lower where the ride's own distribution shows a reading is far out of line. */
function powerSpikeLimitW(powerW: readonly (number | null)[]): number {
  let count = 0;
  for (let i = 0; i < powerW.length; i++) if (isPlausiblePositive(powerW[i])) count++;
  if (count < MIN_POSITIVE_POWER_READINGS_FOR_PERCENTILE) return MAX_POWER_W;
  const positiveW = new Array<number>(count);
  count = 0;
  for (let i = 0; i < powerW.length; i++) if (isPlausiblePositive(powerW[i])) positiveW[count++] = powerW[i]!;
  const percentileW = selectKthSmallest(positiveW, Math.floor(POWER_SPIKE_PERCENTILE * (positiveW.length - 1)));
  return Math.min(MAX_POWER_W, POWER_SPIKE_FACTOR * percentileW);
}

function dropWhere(
  values: readonly (number | null)[],
  isFault: (value: number) => boolean,
): { values: (number | null)[]; removed: number } {
  let removed = 0;
  const kept = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value != null && isFault(value)) {
      kept[i] = null;
      removed++;
    } else kept[i] = value;
  }
  return { values: kept, removed };
}

/** Compared with the last kept reading, so one jump does not also condemn the reading after it. */
function dropSpeedJumps(timeS: readonly number[], speedMps: readonly (number | null)[]): { values: (number | null)[]; removed: number } {
  let removed = 0;
  let keptAnyYet = false;
  let lastKeptS = 0;
  let lastKeptMps = 0;
  const kept = new Array<number | null>(speedMps.length).fill(null);
  for (let i = 0; i < speedMps.length; i++) {
    const speed = speedMps[i];
    if (speed == null) continue;
    const tS = timeS[i]!;
    const jump = keptAnyYet && Math.abs(speed - lastKeptMps) / Math.max(tS - lastKeptS, 1) > MAX_ACCELERATION_MPS2;
    if (speed < 0 || speed > MAX_SPEED_MPS || jump) {
      removed++;
      continue;
    }
    keptAnyYet = true;
    lastKeptS = tS;
    lastKeptMps = speed;
    kept[i] = speed;
  }
  return { values: kept, removed };
}
