import type { ActivityStreams } from './activity-streams.ts';
import { selectKthSmallest } from './order-statistic.ts';

/**
 * An activity's streams on a 1 Hz grid: sample k is at `startS + k` seconds of activity time and
 * stands for one second of the activity. Every array has `durationS + 1` entries, where
 * `durationS` is the time from the first to the last recorded sample.
 *
 * The resampling rule:
 * - A gap between two consecutive samples no longer than the pause threshold is bridged by
 *   linear interpolation; a whole second that coincides with a sample keeps its value.
 * - A longer gap is a pause (auto-pause, a stopped recorder). The seconds strictly inside it are
 *   not `recorded` and not `moving`; power, cadence and speed are 0 there (no work was done),
 *   heart rate, altitude and temperature are null (unknown), and distance holds its last value.
 * - Each channel bridges its own missing readings the same way, so a short heart-rate dropout is
 *   interpolated and a long one is null while the rest of the activity is still recorded.
 * - Power has its own rule, because a head unit writes a record without power while the rider
 *   does not pedal (coasting). Between two consecutive records that both carry a power reading
 *   (0 W included), the seconds are merely unsampled: they are interpolated like every other
 *   channel, up to the pause threshold. This is what keeps a smart-recording file (one record every
 *   few seconds, each with power) at its true average. Where records without power lie between two
 *   power readings, the seconds between those readings are 0 W (coasting), unless the two readings
 *   are at most 3 s apart and both above 0 W (a missed packet inside steady pedalling), which is
 *   interpolated. Seconds before the first or after the last power reading are 0 W. Interpolating
 *   across records without power gave coasting watts (+5 % average power on a Wahoo ride); counting
 *   the unsampled seconds of a smart-recording file as 0 W cut its TSS to a tenth (ADR 0019).
 * - Latitude/longitude are not resampled: no metric needs them and maps draw the raw track.
 */
export interface Streams1Hz {
  startS: number;
  /** False for the seconds inside a pause. */
  recorded: boolean[];
  /** Recorded and in motion; the basis of moving time. */
  moving: boolean[];
  /**
   * A pool swim: recorded and in a length swum (the streams' `active` flag of the sample at or
   * before the second); null for any other activity.
   */
  active: boolean[] | null;
  powerW: number[] | null;
  cadenceRpm: number[] | null;
  /** The recorder's speed, or when it has none, the speed derived from the distance stream. */
  speedMps: number[] | null;
  heartrateBpm: (number | null)[] | null;
  altitudeM: (number | null)[] | null;
  temperatureC: (number | null)[] | null;
  /** Cumulative; null before the first distance reading. */
  distanceM: (number | null)[] | null;
}

export interface ResampleOptions {
  /** Gaps longer than this are pauses; default: see `detectPauseThresholdS`. */
  pauseThresholdS?: number;
}

/** Below this speed the athlete counts as standing still: slower than a slow walk, above GPS drift at rest. */
const MIN_MOVING_SPEED_MPS = 0.5;

const MIN_PAUSE_THRESHOLD_S = 10;
/** The longest gap between two positive power readings that is a dropout rather than coasting. */
export const MAX_POWER_DROPOUT_S = 3;
const PAUSE_THRESHOLD_PER_TYPICAL_INTERVAL = 4;

/**
 * The gap beyond which the recorder is taken to have paused: 10 s, or four typical sampling
 * intervals when the file is sparser than that (smart recording, handheld GPS tracks every
 * 30 s), so that a sparse but continuous track is not mistaken for a series of pauses.
 */
export function detectPauseThresholdS(timeS: readonly number[]): number {
  if (timeS.length < 2) return MIN_PAUSE_THRESHOLD_S;
  const intervalsS = new Array<number>(timeS.length - 1);
  for (let i = 1; i < timeS.length; i++) intervalsS[i - 1] = timeS[i]! - timeS[i - 1]!;
  const medianIntervalS = selectKthSmallest(intervalsS, Math.floor(intervalsS.length / 2));
  return Math.max(MIN_PAUSE_THRESHOLD_S, PAUSE_THRESHOLD_PER_TYPICAL_INTERVAL * medianIntervalS);
}

export function resampleTo1Hz(streams: ActivityStreams, options: ResampleOptions = {}): Streams1Hz {
  const { timeS } = streams;
  assertStrictlyAscending(timeS);
  const startS = timeS[0] ?? 0;
  // The nanosecond of slack keeps a last timestamp like 3599.9999999999995 on second 3600.
  const length = timeS.length === 0 ? 0 : Math.floor(timeS[timeS.length - 1]! - startS + 1e-9) + 1;
  const pauseThresholdS = options.pauseThresholdS ?? detectPauseThresholdS(timeS);
  const grid = { startS, length, pauseThresholdS };

  const recorded = markRecordedSeconds(timeS, grid);
  const channel = (values: readonly (number | null)[] | undefined) =>
    values && values.some((value) => value !== null) ? interpolateChannel(timeS, values, grid) : null;

  const distanceM = mapOrNull(channel(streams.distanceM), holdLastValue);
  const speedMps =
    mapOrNull(channel(streams.speedMps), zeroWhereMissing) ?? mapOrNull(distanceM, (d) => deriveSpeedMps(d, recorded));
  const moving = markMovingSeconds(streams, timeS, grid, recorded, speedMps);
  const active =
    streams.active && streams.active.length === timeS.length
      ? holdFlagBetweenSamples(timeS, streams.active, grid).map((flag, k) => flag && recorded[k]!)
      : null;

  return {
    startS,
    recorded,
    moving,
    active,
    powerW:
      streams.powerW && streams.powerW.some((value) => value !== null) ? powerChannel(timeS, streams.powerW, grid) : null,
    cadenceRpm: mapOrNull(channel(streams.cadenceRpm), zeroWhereMissing),
    speedMps,
    heartrateBpm: channel(streams.heartrateBpm),
    altitudeM: channel(streams.altitudeM),
    temperatureC: channel(streams.temperatureC),
    distanceM,
  };
}

/** Seconds the athlete was moving. */
export function computeMovingTimeS(series: Pick<Streams1Hz, 'moving'>): number {
  return countTrue(series.moving);
}

/** Seconds the recorder was running (the activity's timer time). */
export function computeRecordedTimeS(series: Pick<Streams1Hz, 'recorded'>): number {
  return countTrue(series.recorded);
}

interface Grid {
  startS: number;
  length: number;
  pauseThresholdS: number;
}

function assertStrictlyAscending(timeS: readonly number[]): void {
  for (let i = 1; i < timeS.length; i++) {
    if (!(timeS[i]! > timeS[i - 1]!)) throw new RangeError(`timeS must be strictly ascending (index ${i})`);
  }
}

function markRecordedSeconds(timeS: readonly number[], grid: Grid): boolean[] {
  const recorded = new Array<boolean>(grid.length).fill(true);
  for (let i = 1; i < timeS.length; i++) {
    const gapStartS = timeS[i - 1]!;
    const gapEndS = timeS[i]!;
    if (gapEndS - gapStartS <= grid.pauseThresholdS) continue;
    for (let k = firstIndexAfter(gapStartS, grid); k < grid.length && grid.startS + k < gapEndS; k++) {
      recorded[k] = false;
    }
  }
  return recorded;
}

/** A channel's reading: its time, its value and the index of the record that carries it. */
interface Reading {
  tS: number;
  value: number;
  index: number;
}

/**
 * Places a channel's own readings on the grid: a second with a reading takes it; a second between
 * two readings takes what `between` makes of them (null: nothing); any other second stays null.
 */
function placeOnGrid(
  timeS: readonly number[],
  values: readonly (number | null)[],
  grid: Grid,
  between: (before: Reading, after: Reading, tS: number) => number | null,
): (number | null)[] {
  const out = new Array<number | null>(grid.length).fill(null);
  const records = Math.min(values.length, timeS.length);
  // `before`: the last record with a reading at or before the second (the first such record until
  // the grid reaches it); `after`: the next record with a reading (`records` when there is none).
  let before = nextReading(values, 0, records);
  if (before === records) return out;
  let after = nextReading(values, before + 1, records);
  for (let k = 0; k < grid.length; k++) {
    const tS = grid.startS + k;
    while (after < records && timeS[after]! <= tS) {
      before = after;
      after = nextReading(values, after + 1, records);
    }
    const beforeS = timeS[before]!;
    if (beforeS === tS) out[k] = values[before]!;
    else if (beforeS < tS && after < records) {
      out[k] = between(
        { tS: beforeS, value: values[before]!, index: before },
        { tS: timeS[after]!, value: values[after]!, index: after },
        tS,
      );
    }
  }
  return out;
}

/** The first record from `from` on that carries a reading (neither null nor absent); `records` when none does. */
function nextReading(values: readonly (number | null)[], from: number, records: number): number {
  let i = from;
  while (i < records && (values[i] === null || values[i] === undefined)) i++;
  return i;
}

function linearBetween(before: Reading, after: Reading, tS: number): number {
  return before.value + ((tS - before.tS) / (after.tS - before.tS)) * (after.value - before.value);
}

/** Linear interpolation between a channel's own readings; null where no bridgeable pair brackets the second. */
function interpolateChannel(timeS: readonly number[], values: readonly (number | null)[], grid: Grid): (number | null)[] {
  return placeOnGrid(timeS, values, grid, (before, after, tS) => (after.tS - before.tS <= grid.pauseThresholdS ? linearBetween(before, after, tS) : null));
}

/** Power on the grid (see the type's rule): interpolated between consecutive records, else 0 W but for short dropouts. */
function powerChannel(timeS: readonly number[], values: readonly (number | null)[], grid: Grid): number[] {
  const bridged = (before: Reading, after: Reading, tS: number) => {
    const gapS = after.tS - before.tS;
    const consecutiveRecords = after.index === before.index + 1;
    if (consecutiveRecords && gapS <= grid.pauseThresholdS) return linearBetween(before, after, tS);
    if (gapS <= MAX_POWER_DROPOUT_S && before.value > 0 && after.value > 0) return linearBetween(before, after, tS);
    return null;
  };
  return placeOnGrid(timeS, values, grid, bridged).map((powerW) => powerW ?? 0);
}

/**
 * Whether the athlete moved: the recorder's own flag, else speed; on a trainer whose speed (or
 * distance) is always 0, the seconds with power or cadence; without any speed, every recorded second.
 */
function markMovingSeconds(
  streams: ActivityStreams,
  timeS: readonly number[],
  grid: Grid,
  recorded: boolean[],
  speedMps: number[] | null,
): boolean[] {
  if (streams.moving && streams.moving.length === timeS.length) {
    const flags = holdFlagBetweenSamples(timeS, streams.moving, grid);
    return recorded.map((isRecorded, k) => isRecorded && flags[k]!);
  }
  if (speedMps && speedMps.some((speed) => speed >= MIN_MOVING_SPEED_MPS)) {
    return recorded.map((isRecorded, k) => isRecorded && speedMps[k]! >= MIN_MOVING_SPEED_MPS);
  }
  if (!speedMps) return [...recorded];
  const effort = effortSeconds(streams, timeS, grid);
  return recorded.map((isRecorded, k) => isRecorded && (effort?.[k] ?? false));
}

/** Seconds with power or cadence above 0, each reading held until the next; null without any. */
function effortSeconds(streams: ActivityStreams, timeS: readonly number[], grid: Grid): boolean[] | null {
  const flags = timeS.map((_, i) => (streams.powerW?.[i] ?? 0) > 0 || (streams.cadenceRpm?.[i] ?? 0) > 0);
  if (!flags.some(Boolean)) return null;
  return holdFlagBetweenSamples(timeS, flags, grid);
}

function holdFlagBetweenSamples(timeS: readonly number[], flags: readonly boolean[], grid: Grid): boolean[] {
  const out = new Array<boolean>(grid.length);
  let m = 0;
  for (let k = 0; k < grid.length; k++) {
    while (m + 1 < timeS.length && timeS[m + 1]! <= grid.startS + k) m++;
    out[k] = flags[m]!;
  }
  return out;
}

/** Centred difference over the neighbouring seconds, 0 where it would reach into a pause. */
function deriveSpeedMps(distanceM: (number | null)[], recorded: boolean[]): number[] {
  const last = distanceM.length - 1;
  return distanceM.map((_, k) => {
    const from = Math.max(k - 1, 0);
    const to = Math.min(k + 1, last);
    const fromM = distanceM[from];
    const toM = distanceM[to];
    if (to === from || fromM == null || toM == null) return 0;
    for (let j = from; j <= to; j++) if (!recorded[j]) return 0;
    return (toM - fromM) / (to - from);
  });
}

function zeroWhereMissing(values: (number | null)[]): number[] {
  const zeroed = new Array<number>(values.length);
  for (let k = 0; k < values.length; k++) zeroed[k] = values[k] ?? 0;
  return zeroed;
}

function holdLastValue(values: (number | null)[]): (number | null)[] {
  const held = new Array<number | null>(values.length);
  let last: number | null = null;
  for (let k = 0; k < values.length; k++) {
    if (values[k] !== null) last = values[k]!;
    held[k] = last;
  }
  return held;
}

function mapOrNull<T, U>(value: T | null, map: (value: T) => U): U | null {
  return value === null ? null : map(value);
}

function firstIndexAfter(timeS: number, grid: Grid): number {
  return Math.floor(timeS - grid.startS) + 1;
}

function countTrue(flags: readonly boolean[]): number {
  let count = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i]) count++;
  return count;
}
