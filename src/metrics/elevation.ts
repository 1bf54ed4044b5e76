import type { ActivityStreams } from './activity-streams.ts';
import { detectPauseThresholdS } from './resample.ts';

/**
 * Elevation gain (ADR 0063). A file that states the device's own total ascent shows that figure
 * (the importer keeps it); otherwise Kairo computes it from the altitude stream by one rule,
 * "stop-aware median-smoothed hysteresis":
 *
 * 1. Stops: a gap between altitude readings longer than the pause threshold
 *    (`detectPauseThresholdS`) over which the distance grew by less than 0.5 m/s (or that has no
 *    distance) is a stop. The altitude change across it is not climbing: a barometer drifts with
 *    the weather during a café stop, and a device's timer does not count it either.
 * 2. Noise: the RMS of the readings around their centred 30 s moving median. Up to 1.5 m the
 *    altitude is taken as barometric (the corpus' barometric recorders measure 0.1-0.8 m); above,
 *    as GPS altitude (raw GPS altitude measures 1.6 m and more).
 * 3. Smoothing: a centred moving median over a window in time, 10 s for barometric altitude, 30 s
 *    for GPS altitude. A median removes single-reading spikes outright, where a mean spreads them.
 * 4. Hysteresis over the smoothed series (`computeElevationGainM`):
 *    - barometric altitude: 4 m, and the rise since the last low at the end of the recording
 *      counts whatever its size (the recording ends that climb; no later reading can confirm it);
 *    - GPS altitude: 8 times what the smoothed altitude still wanders at the 15 s scale (the RMS
 *      of its second difference at ±15 s, `smoothedNoiseM`), at least 18 m. GPS error wanders by
 *      several metres over a minute, and how far differs from file to file.
 *
 * The thresholds (ADR 0063 has the numbers): 3 m, GoldenCheetah's default elevation hysteresis,
 * counted one barometric wander just over 3 m on a third of Kairo's generated flat runs (noise
 * σ 0.6 m over 66 s, ADR 0062); 4 m counts none of 124, and keeps every corpus file within the
 * independent reference's tolerance. A run over 6 m rollers then ends on a 3 m rise that only the
 * unfinished-rise rule counts. Fixed GPS thresholds could not serve both the generated GPS altitude
 * (σ 5 m over 33 s: a flat ride needs 24 m or more after a 30 s median) and the synthetic one of
 * metrics-elevation-gain.test.ts (±3-8 m, whose 25 m roller a threshold above 20 m loses);
 * the noise of the smoothed altitude tells them apart. Climbs smaller than the threshold
 * disappear from GPS altitude, which cannot tell them from its own error; error that wanders by
 * tens of metres over minutes is climbing to any rule without a terrain model (ADR 0063: the
 * Polar M400 run).
 */

export type AltitudeKind = 'barometric' | 'gps';

/** Altitude noise (RMS around the 30 s moving median) above which the altitude is GPS altitude. */
export const GPS_ALTITUDE_NOISE_M = 1.5;
const NOISE_WINDOW_S = 30;
/** Slower than this across a gap the athlete was standing (as in resample.ts). */
const MIN_MOVING_SPEED_MPS = 0.5;

export interface ElevationRule {
  /** Width of the centred moving median, seconds. */
  medianWindowS: number;
  /** The hysteresis threshold, metres; with `noiseFactor`, its minimum. */
  hysteresisM: number;
  /** The threshold is this many times the smoothed altitude's noise (`smoothedNoiseM`), when larger. */
  noiseFactor?: number;
  /** The rise since the last low at the end of the recording counts, whatever its size. */
  countsFinalRise?: boolean;
}

export const ELEVATION_RULES: Record<AltitudeKind, ElevationRule> = {
  barometric: { medianWindowS: 10, hysteresisM: 4, countsFinalRise: true },
  gps: { medianWindowS: 30, hysteresisM: 18, noiseFactor: 8 },
};
/** The lag of the second difference that measures the smoothed altitude's noise (`smoothedNoiseM`). */
const SMOOTHED_NOISE_LAG_S = 15;

export interface ElevationGain {
  gainM: number;
  /** Which smoothing and threshold the noise of the altitude chose. */
  altitude: AltitudeKind;
}

/**
 * Metres climbed by the rule above. Null when there is no altitude reading at all. Missing
 * readings are skipped.
 */
export function computeElevationGain(
  streams: Pick<ActivityStreams, 'timeS' | 'altitudeM' | 'distanceM'>,
): ElevationGain | null {
  const runs = splitAtStops(streams);
  if (runs.length === 0) return null;
  const altitude: AltitudeKind = altitudeNoiseM(runs) > GPS_ALTITUDE_NOISE_M ? 'gps' : 'barometric';
  const rule = ELEVATION_RULES[altitude];
  const smoothed = runs.map((run) => ({ timeS: run.timeS, altitudeM: movingMedian(run.timeS, run.altitudeM, rule.medianWindowS) }));
  const hysteresisM = rule.noiseFactor
    ? Math.max(rule.hysteresisM, rule.noiseFactor * smoothedNoiseM(smoothed))
    : rule.hysteresisM;
  // The runs are joined end to start, so that the change across a stop counts neither way.
  const joined = new Array<number>(smoothed.reduce((sum, run) => sum + run.altitudeM.length, 0));
  let size = 0;
  for (const run of smoothed) {
    const offsetM = size === 0 ? 0 : joined[size - 1]! - run.altitudeM[0]!;
    for (let i = 0; i < run.altitudeM.length; i++) joined[size++] = run.altitudeM[i]! + offsetM;
  }
  const gainM = computeElevationGainM(joined, hysteresisM, { countsFinalRise: rule.countsFinalRise === true }) ?? 0;
  return { gainM, altitude };
}

/**
 * Hysteresis: a rise is counted only once the altitude has climbed more than `hysteresisM`
 * (3 m unless told) above the last low point, and a climb ends only once the altitude has dropped
 * more than that below its high point; each climb then counts in full, high point minus low
 * point. Over raw altitude this was Kairo's whole rule before ADR 0063; it is now the last step
 * of `computeElevationGain`. With `countsFinalRise`, a rise since the last low that the recording
 * ends on counts even below the threshold. Null when there is no altitude reading at all; missing
 * ones are skipped.
 */
export function computeElevationGainM(
  altitudeM: readonly (number | null)[],
  hysteresisM = 3,
  { countsFinalRise = false }: { countsFinalRise?: boolean } = {},
): number | null {
  let gainM = 0;
  let lowM: number | null = null;
  let highM: number | null = null;
  let climbing = false;
  let lastM: number | null = null;
  for (let i = 0; i < altitudeM.length; i++) {
    const altitude = altitudeM[i];
    if (altitude === null || altitude === undefined) continue;
    lastM = altitude;
    if (lowM === null || highM === null) {
      lowM = highM = altitude;
    } else if (climbing) {
      if (altitude > highM) {
        highM = altitude;
      } else if (altitude < highM - hysteresisM) {
        gainM += highM - lowM;
        lowM = altitude;
        climbing = false;
      }
    } else if (altitude < lowM) {
      lowM = altitude;
    } else if (altitude > lowM + hysteresisM) {
      highM = altitude;
      climbing = true;
    }
  }
  if (lowM === null || highM === null || lastM === null) return null;
  if (climbing) return gainM + highM - lowM;
  return countsFinalRise ? gainM + lastM - lowM : gainM;
}

/** A stretch of altitude readings between stops. */
interface AltitudeRun {
  timeS: number[];
  altitudeM: number[];
}

/** The altitude readings, cut into runs at every stop (see rule 1). */
function splitAtStops(streams: Pick<ActivityStreams, 'timeS' | 'altitudeM' | 'distanceM'>): AltitudeRun[] {
  const { altitudeM, distanceM } = streams;
  if (!altitudeM) return [];
  // The readings in arrays made at their size, distance NaN where there is none (a 10 h ride has
  // 36,000): one pass, no object per reading. Plain arrays stay on the JavaScript heap, which the
  // collector sizes itself, rather than adding buffers outside it for every activity imported.
  const timesS = new Array<number>(altitudeM.length);
  const altitudesM = new Array<number>(altitudeM.length);
  const distancesM = new Array<number>(altitudeM.length);
  let count = 0;
  for (let index = 0; index < altitudeM.length; index++) {
    const valueM = altitudeM[index];
    const timeS = streams.timeS[index];
    if (valueM === null || valueM === undefined || timeS === undefined || !Number.isFinite(valueM)) continue;
    timesS[count] = timeS;
    altitudesM[count] = valueM;
    distancesM[count] = distanceM?.[index] ?? Number.NaN;
    count++;
  }
  if (count === 0) return [];
  timesS.length = count;
  altitudesM.length = count;
  distancesM.length = count;
  const pauseS = detectPauseThresholdS(timesS);
  const runs: AltitudeRun[] = [];
  let runStart = 0;
  for (let index = 1; index < count; index++) {
    const gapS = timesS[index]! - timesS[index - 1]!;
    const coveredM = distancesM[index]! - distancesM[index - 1]!;
    // A stop: a long gap over which the distance grew too little, or is unknown on either side.
    if (gapS > pauseS && !(coveredM >= MIN_MOVING_SPEED_MPS * gapS)) {
      runs.push({ timeS: timesS.slice(runStart, index), altitudeM: altitudesM.slice(runStart, index) });
      runStart = index;
    }
  }
  runs.push(runStart === 0 ? { timeS: timesS, altitudeM: altitudesM } : { timeS: timesS.slice(runStart), altitudeM: altitudesM.slice(runStart) });
  return runs;
}

/** RMS of the readings around their centred 30 s moving median, over every run. */
function altitudeNoiseM(runs: AltitudeRun[]): number {
  let sumSquares = 0;
  let count = 0;
  for (const run of runs) {
    const median = movingMedian(run.timeS, run.altitudeM, NOISE_WINDOW_S);
    for (let index = 0; index < run.altitudeM.length; index++) sumSquares += (run.altitudeM[index]! - median[index]!) ** 2;
    count += run.altitudeM.length;
  }
  return count === 0 ? 0 : Math.sqrt(sumSquares / count);
}

/**
 * What the smoothed altitude still wanders at the 15 s scale: the RMS, over every run, of
 * a(t − 15 s) − 2·a(t) + a(t + 15 s) (neighbours interpolated in time; readings less than 15 s from
 * a run's ends left out). A road's own shape changes little over ±15 s, so this is mostly error;
 * 0 when no run is long enough.
 */
export function smoothedNoiseM(runs: readonly { timeS: readonly number[]; altitudeM: readonly number[] }[]): number {
  let sumSquares = 0;
  let count = 0;
  for (const { timeS, altitudeM } of runs) {
    const startS = timeS[0]!;
    const endS = timeS.at(-1)!;
    for (let i = 0; i < timeS.length; i++) {
      const t = timeS[i]!;
      if (t - SMOOTHED_NOISE_LAG_S < startS || t + SMOOTHED_NOISE_LAG_S > endS) continue;
      const before = interpolateAt(timeS, altitudeM, t - SMOOTHED_NOISE_LAG_S);
      const after = interpolateAt(timeS, altitudeM, t + SMOOTHED_NOISE_LAG_S);
      sumSquares += (before - 2 * altitudeM[i]! + after) ** 2;
      count++;
    }
  }
  return count === 0 ? 0 : Math.sqrt(sumSquares / count);
}

/** The value at time `t` (within the series' span), linear between the readings either side. */
function interpolateAt(timeS: readonly number[], values: readonly number[], t: number): number {
  let low = 0;
  let high = timeS.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (timeS[middle]! <= t) low = middle;
    else high = middle;
  }
  const spanS = timeS[high]! - timeS[low]!;
  if (spanS <= 0 || t <= timeS[low]!) return values[low]!;
  if (t >= timeS[high]!) return values[high]!;
  return values[low]! + ((values[high]! - values[low]!) * (t - timeS[low]!)) / spanS;
}

/**
 * Each reading replaced by the median of the readings within ±windowS/2 of its time (centred).
 * The window only ever moves forward, so its readings are kept sorted as it moves: each reading
 * enters once and leaves once, placed by binary search, instead of sorting every window again.
 */
export function movingMedian(timeS: readonly number[], values: readonly number[], windowS: number): number[] {
  const halfS = windowS / 2;
  const out: number[] = new Array<number>(values.length);
  const sorted = new Float64Array(values.length);
  let size = 0;
  let first = 0;
  /** The next reading to enter the window. */
  let next = 0;
  for (let i = 0; i < values.length; i++) {
    const t = timeS[i]!;
    while (next < values.length && timeS[next]! <= t + halfS) {
      const value = values[next++]!;
      const at = firstAtLeast(sorted, size, value);
      // A window holds tens of readings: moving them one by one beats a copyWithin call.
      for (let j = size; j > at; j--) sorted[j] = sorted[j - 1]!;
      sorted[at] = value;
      size++;
    }
    while (timeS[first]! < t - halfS) {
      const at = firstAtLeast(sorted, size, values[first++]!);
      size--;
      for (let j = at; j < size; j++) sorted[j] = sorted[j + 1]!;
    }
    const middle = size >> 1;
    out[i] = size % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }
  return out;
}

/** The first index of sorted[0, size) whose value is not below `value` (size when there is none). */
function firstAtLeast(sorted: Float64Array, size: number, value: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
