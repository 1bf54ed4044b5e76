import { computeAverageHeartrateBpm } from './heart-rate.ts';
import { computeAveragePowerW, computeNormalizedPowerW } from './power.ts';
import type { Streams1Hz } from './resample.ts';
import { computeMean } from './smoothing.ts';

/**
 * Laps and intervals of one activity, over its 1 Hz series (`resampleTo1Hz`).
 *
 * A segment is a span of activity time [startS, endS). Its figures are taken over the recorded
 * seconds inside it, as the whole activity's are (power.ts): average and Normalized Power (null
 * under 30 recorded seconds), average heart rate, cadence while pedalling or stepping (zeros left
 * out, as Garmin and TrainingPeaks report lap cadence), speed and distance. A figure the recorder
 * did not measure is null, never 0.
 *
 * Work and rest: an interval session alternates work above a level with easier rest. The level is
 * read from the activity itself, so no threshold the athlete may not have set is needed: the 90th
 * percentile of the smoothed signal stands for the work the athlete did (work that fills at least a
 * tenth of the activity), and a second counts as work at or above WORK_SHARE of it. With laps that
 * the athlete pressed (or a structured workout wrote), a lap is work when its average is at or
 * above that level; without laps, runs of work seconds are found in the signal itself.
 */

export type IntervalSignal = 'power' | 'speed' | 'heart-rate';
export type IntervalKind = 'work' | 'rest';

export interface Segment {
  startS: number;
  endS: number;
}

export interface SegmentSummary {
  startS: number;
  durationS: number;
  averagePowerW: number | null;
  normalizedPowerW: number | null;
  averageHeartrateBpm: number | null;
  maxHeartrateBpm: number | null;
  averageCadenceRpm: number | null;
  averageSpeedMps: number | null;
  distanceM: number | null;
}

export interface Interval extends SegmentSummary {
  kind: IntervalKind;
}

export interface IntervalDetection {
  /** What the work was told apart by. */
  signal: IntervalSignal;
  /** Work from the device's laps, or found in the signal when the laps do not show it. */
  from: 'laps' | 'signal';
  /** From the first work interval to the end of the last, each rest the time between two. */
  intervals: Interval[];
}

interface SignalRules {
  /** The centred rolling mean the work is found in. */
  smoothingS: number;
  /** A second is work at or above this share of the work level. */
  workShare: number;
  /** Work must stand this far above the rest, as a ratio of their means. */
  minContrast: number;
  minWorkS: number;
  /** Shorter dips inside work (a gear change, a traffic light) do not end it. */
  maxDipS: number;
}

/**
 * Heart rate lags effort by half a minute to a minute and rises through a work interval, so it is
 * smoothed less, told apart by a smaller step and counted only for longer work.
 */
const RULES: Record<IntervalSignal, SignalRules> = {
  power: { smoothingS: 30, workShare: 0.85, minContrast: 1.2, minWorkS: 60, maxDipS: 20 },
  speed: { smoothingS: 30, workShare: 0.85, minContrast: 1.15, minWorkS: 60, maxDipS: 20 },
  'heart-rate': { smoothingS: 15, workShare: 0.93, minContrast: 1.06, minWorkS: 120, maxDipS: 30 },
};
const WORK_LEVEL_PERCENTILE = 0.9;
/** More work than this is a steady effort, not a session of intervals. */
const MAX_WORK_SHARE_OF_TIME = 0.75;
/** Standard deviation over mean of the work (and rest) durations of a session of intervals. */
const MAX_WORK_DURATION_SPREAD = 0.35;
const MAX_REST_DURATION_SPREAD = 0.5;
/** The raw-signal mean that places a work interval's edges to the second. */
const EDGE_WINDOW_S = 5;
/** A shorter gap between two work intervals (two laps pressed a second apart) is no rest. */
const MIN_REST_S = 10;
/** The shortest lap that can be a work interval: shorter ones are button presses by mistake. */
const MIN_LAP_S = 30;

/** The figures of one span of activity time. */
export function summarizeSegment(series: Streams1Hz, segment: Segment): SegmentSummary {
  const [from, to] = indexRange(series, segment);
  const recorded = series.recorded.slice(from, to);
  const power = series.powerW?.slice(from, to) ?? null;
  const heartrate = series.heartrateBpm?.slice(from, to) ?? null;
  const cadence = series.cadenceRpm?.slice(from, to) ?? null;
  const speed = series.speedMps?.slice(from, to) ?? null;
  const maxHeartrate = heartrate ? Math.max(...heartrate.filter((bpm): bpm is number => bpm !== null)) : -Infinity;
  return {
    startS: segment.startS,
    durationS: segment.endS - segment.startS,
    averagePowerW: power ? computeAveragePowerW(power, recorded) : null,
    normalizedPowerW: power ? computeNormalizedPowerW(power, recorded) : null,
    averageHeartrateBpm: heartrate ? computeAverageHeartrateBpm(heartrate, recorded) : null,
    maxHeartrateBpm: Number.isFinite(maxHeartrate) ? maxHeartrate : null,
    averageCadenceRpm: cadence ? computeMean(cadence.filter((rpm, k) => recorded[k] && rpm > 0)) : null,
    averageSpeedMps: speed ? computeMean(speed.filter((_, k) => recorded[k])) : null,
    distanceM: distanceCovered(series.distanceM, from, to),
  };
}

/**
 * The work and rest intervals of an activity: from its laps when they show work and rest apart,
 * else from the first signal in `signals` the activity recorded; null for a steady effort.
 */
export function detectIntervals(
  series: Streams1Hz,
  options: { signals: readonly IntervalSignal[]; laps?: readonly Segment[] },
): IntervalDetection | null {
  const signal = options.signals.find((candidate) => signalValues(series, candidate) !== null);
  if (!signal) return null;
  const values = signalValues(series, signal)!;
  const rules = RULES[signal];
  const smoothed = centredMeans(values, series.recorded, rules.smoothingS);
  const workLevel = percentile(smoothed.filter((value): value is number => value !== null), WORK_LEVEL_PERCENTILE);
  if (workLevel === null || workLevel <= 0) return null;
  const threshold = workLevel * rules.workShare;

  const accept = (work: Segment[] | null, from: IntervalDetection['from']): IntervalDetection | null => {
    if (!work || work.length === 0 || !standsOut(series, values, work, rules)) return null;
    // One effort found in the signal alone is as likely a climb or a GPS jump as a planned interval.
    if (from === 'signal' && work.length < 2) return null;
    const intervals = withRests(series, work);
    return isRegular(intervals) ? { signal, from, intervals } : null;
  };
  return (
    accept(workFromLaps(series, values, options.laps ?? [], threshold), 'laps') ??
    accept(workFromSignal(series, values, smoothed, threshold, rules, signal !== 'heart-rate'), 'signal')
  );
}

/** Laps at or above the work level are the work; null when no lap is, or the laps are all work. */
function workFromLaps(series: Streams1Hz, values: readonly (number | null)[], laps: readonly Segment[], threshold: number): Segment[] | null {
  if (laps.length < 2) return null;
  const work = laps.filter((lap) => {
    if (lap.endS - lap.startS < MIN_LAP_S) return false;
    const [from, to] = indexRange(series, lap);
    const level = meanOf(values, series.recorded, from, to);
    return level !== null && level >= threshold;
  });
  return work.length > 0 && work.length < laps.length ? work : null;
}

function workFromSignal(
  series: Streams1Hz,
  values: readonly (number | null)[],
  smoothed: readonly (number | null)[],
  threshold: number,
  rules: SignalRules,
  placeEdges: boolean,
): Segment[] {
  const runs: [number, number][] = [];
  smoothed.forEach((value, k) => {
    if (value === null || value < threshold) return;
    const last = runs.at(-1);
    if (last && k - last[1] <= rules.maxDipS) last[1] = k + 1;
    else runs.push([k, k + 1]);
  });
  return runs
    .map(([from, to]): [number, number] => (placeEdges ? placeWorkEdges(values, series.recorded, from, to, threshold, rules.smoothingS) : [from, to]))
    .filter(([from, to]) => to - from >= rules.minWorkS)
    .map(([from, to]) => ({ startS: series.startS + from, endS: series.startS + to }));
}

/**
 * The smoothing moves a work interval's edges inward by a few seconds; they are placed again on
 * the raw signal (within one smoothing window): work starts at the first second at the threshold
 * whose next EDGE_WINDOW_S seconds hold it on average, and ends after the last second that does
 * so looking back.
 */
function placeWorkEdges(
  values: readonly (number | null)[],
  recorded: readonly boolean[],
  from: number,
  to: number,
  threshold: number,
  reachS: number,
): [number, number] {
  const atWork = (k: number, windowFrom: number, windowTo: number) => {
    const value = values[k];
    const level = meanOf(values, recorded, Math.max(0, windowFrom), Math.min(values.length, windowTo));
    return recorded[k] === true && value !== null && value !== undefined && value >= threshold && level !== null && level >= threshold;
  };
  let start = from;
  for (let k = Math.max(0, from - reachS); k < Math.min(from + reachS, to); k += 1) {
    if (atWork(k, k, k + EDGE_WINDOW_S)) {
      start = k;
      break;
    }
  }
  let end = to;
  for (let k = Math.min(values.length - 1, to - 1 + reachS); k > Math.max(to - 1 - reachS, start); k -= 1) {
    if (atWork(k, k - EDGE_WINDOW_S + 1, k + 1)) {
      end = k + 1;
      break;
    }
  }
  return [start, end];
}

/** Work worth the name: clearly above the rest of the activity, and not most of it. */
function standsOut(series: Streams1Hz, values: readonly (number | null)[], work: readonly Segment[], rules: SignalRules): boolean {
  const inWork = new Array<boolean>(values.length).fill(false);
  for (const segment of work) {
    const [from, to] = indexRange(series, segment);
    for (let k = from; k < to; k += 1) inWork[k] = true;
  }
  const workValues: number[] = [];
  const restValues: number[] = [];
  values.forEach((value, k) => {
    if (!series.recorded[k] || value === null) return;
    (inWork[k] ? workValues : restValues).push(value);
  });
  const workMean = computeMean(workValues);
  const restMean = computeMean(restValues);
  if (workMean === null || restMean === null) return false;
  const workShare = workValues.length / (workValues.length + restValues.length);
  return workShare <= MAX_WORK_SHARE_OF_TIME && workMean >= restMean * rules.minContrast;
}

/**
 * A session of intervals repeats itself: its work intervals last about as long as each other, and
 * so do its rests. A ride over rolling terrain has efforts too, of every length, at random times;
 * those are not told as intervals.
 */
function isRegular(intervals: readonly Interval[]): boolean {
  const spread = (kind: IntervalKind) => coefficientOfVariation(intervals.filter((entry) => entry.kind === kind).map((entry) => entry.durationS));
  return spread('work') <= MAX_WORK_DURATION_SPREAD && spread('rest') <= MAX_REST_DURATION_SPREAD;
}

function coefficientOfVariation(values: readonly number[]): number {
  const mean = computeMean(values);
  if (mean === null || values.length < 2 || mean === 0) return 0;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

function withRests(series: Streams1Hz, work: readonly Segment[]): Interval[] {
  const intervals: Interval[] = [];
  work.forEach((segment, index) => {
    const previous = work[index - 1];
    if (previous && segment.startS - previous.endS >= MIN_REST_S) {
      intervals.push({ kind: 'rest', ...summarizeSegment(series, { startS: previous.endS, endS: segment.startS }) });
    }
    intervals.push({ kind: 'work', ...summarizeSegment(series, segment) });
  });
  return intervals;
}

function signalValues(series: Streams1Hz, signal: IntervalSignal): readonly (number | null)[] | null {
  const values = signal === 'power' ? series.powerW : signal === 'speed' ? series.speedMps : series.heartrateBpm;
  return values && values.some((value) => value !== null && value > 0) ? values : null;
}

/** Mean of a centred window over the recorded seconds; null outside them. */
function centredMeans(values: readonly (number | null)[], recorded: readonly boolean[], windowS: number): (number | null)[] {
  const half = Math.floor(windowS / 2);
  const sums = [0];
  const counts = [0];
  values.forEach((value, k) => {
    const present = recorded[k] && value !== null;
    sums.push(sums[k]! + (present ? value : 0));
    counts.push(counts[k]! + (present ? 1 : 0));
  });
  return values.map((value, k) => {
    if (!recorded[k] || value === null) return null;
    const from = Math.max(0, k - half);
    const to = Math.min(values.length, k + half + 1);
    return (sums[to]! - sums[from]!) / (counts[to]! - counts[from]!);
  });
}

function meanOf(values: readonly (number | null)[], recorded: readonly boolean[], from: number, to: number): number | null {
  let sum = 0;
  let count = 0;
  for (let k = from; k < to; k += 1) {
    const value = values[k];
    if (!recorded[k] || value === null || value === undefined) continue;
    sum += value;
    count += 1;
  }
  return count > 0 ? sum / count : null;
}

function percentile(values: number[], share: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/** The series indices a segment covers, within the series. */
function indexRange(series: Streams1Hz, segment: Segment): [number, number] {
  const length = series.recorded.length;
  const from = Math.min(length, Math.max(0, Math.round(segment.startS - series.startS)));
  const to = Math.min(length, Math.max(from, Math.round(segment.endS - series.startS)));
  return [from, to];
}

function distanceCovered(distanceM: readonly (number | null)[] | null, from: number, to: number): number | null {
  if (!distanceM || to <= from) return null;
  let first: number | null = null;
  let last: number | null = null;
  for (let k = from; k < Math.min(to + 1, distanceM.length); k += 1) {
    const value = distanceM[k];
    if (value === null || value === undefined) continue;
    first ??= value;
    last = value;
  }
  return first === null || last === null ? null : last - first;
}
