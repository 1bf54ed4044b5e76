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
 * 3. Smoothing: a centred moving median over a window in time, 10 s for barometric altitude, 60 s
 *    for GPS altitude. A median removes single-reading spikes outright, where a mean spreads them.
 * 4. Hysteresis over the smoothed series (`computeElevationGainM`): 3 m for barometric altitude,
 *    15 m for GPS altitude, whose error wanders by several metres over a minute.
 *
 * The thresholds: 3 m is GoldenCheetah's default elevation hysteresis (its preference applies one
 * threshold to the raw samples; Kairo's old rule was that alone, and it counted barometer noise as
 * climbing: 588 m on an Edge 810 ride the unit itself puts at 514 m, now 503 m). On the corpus'
 * files that state the device's ascent, 10 s + 3 m comes within 10 % of it on 9 of 13 (the rest:
 * a GPS-altitude run, and recorders that sample sparsely or count differently). 60 s + 15 m keeps
 * a flat hour of GPS altitude with ±3 m of wandering error at 0 m, and comes within 10 % of a hilly
 * profile's climbing (test/unit/metrics-elevation-gain.test.ts); with ±8 m it does so in about
 * 97 % of hours. Climbs smaller than 15 m disappear from GPS altitude, which cannot tell them from
 * its own error; error that wanders by tens of metres over minutes is climbing to any rule without
 * a terrain model (ADR 0063: the Polar M400 run).
 */

export type AltitudeKind = 'barometric' | 'gps';

/** Altitude noise (RMS around the 30 s moving median) above which the altitude is GPS altitude. */
export const GPS_ALTITUDE_NOISE_M = 1.5;
const NOISE_WINDOW_S = 30;
/** Slower than this across a gap the athlete was standing (as in resample.ts). */
const MIN_MOVING_SPEED_MPS = 0.5;

export const ELEVATION_RULES: Record<AltitudeKind, { medianWindowS: number; hysteresisM: number }> = {
  barometric: { medianWindowS: 10, hysteresisM: 3 },
  gps: { medianWindowS: 60, hysteresisM: 15 },
};

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
  // The runs are joined end to start, so that the change across a stop counts neither way.
  const joined: number[] = [];
  for (const run of runs) {
    const smoothed = movingMedian(run.timeS, run.altitudeM, rule.medianWindowS);
    const offsetM = joined.length === 0 ? 0 : joined.at(-1)! - smoothed[0]!;
    for (const valueM of smoothed) joined.push(valueM + offsetM);
  }
  return { gainM: computeElevationGainM(joined, rule.hysteresisM) ?? 0, altitude };
}

/**
 * Hysteresis: a rise is counted only once the altitude has climbed more than `hysteresisM`
 * (3 m unless told) above the last low point, and a climb ends only once the altitude has dropped
 * more than that below its high point; each climb then counts in full, high point minus low
 * point. Over raw altitude this was Kairo's whole rule before ADR 0063; it is now the last step
 * of `computeElevationGain`. Null when there is no altitude reading at all; missing ones are skipped.
 */
export function computeElevationGainM(altitudeM: readonly (number | null)[], hysteresisM = 3): number | null {
  let gainM = 0;
  let lowM: number | null = null;
  let highM: number | null = null;
  let climbing = false;
  for (const altitude of altitudeM) {
    if (altitude === null) continue;
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
  if (lowM === null || highM === null) return null;
  return climbing ? gainM + highM - lowM : gainM;
}

interface AltitudeRun {
  timeS: number[];
  altitudeM: number[];
}

/** The altitude readings, cut into runs at every stop (see rule 1). */
function splitAtStops(streams: Pick<ActivityStreams, 'timeS' | 'altitudeM' | 'distanceM'>): AltitudeRun[] {
  const readings: { timeS: number; altitudeM: number; distanceM: number | null }[] = [];
  streams.altitudeM?.forEach((altitudeM, index) => {
    const timeS = streams.timeS[index];
    if (altitudeM === null || timeS === undefined || !Number.isFinite(altitudeM)) return;
    readings.push({ timeS, altitudeM, distanceM: streams.distanceM?.[index] ?? null });
  });
  if (readings.length === 0) return [];
  const pauseS = detectPauseThresholdS(readings.map((reading) => reading.timeS));
  const runs: AltitudeRun[] = [];
  let run: AltitudeRun = { timeS: [], altitudeM: [] };
  readings.forEach((reading, index) => {
    const before = readings[index - 1];
    if (before) {
      const gapS = reading.timeS - before.timeS;
      const coveredM =
        reading.distanceM !== null && before.distanceM !== null ? reading.distanceM - before.distanceM : 0;
      if (gapS > pauseS && coveredM < MIN_MOVING_SPEED_MPS * gapS) {
        runs.push(run);
        run = { timeS: [], altitudeM: [] };
      }
    }
    run.timeS.push(reading.timeS);
    run.altitudeM.push(reading.altitudeM);
  });
  runs.push(run);
  return runs;
}

/** RMS of the readings around their centred 30 s moving median, over every run. */
function altitudeNoiseM(runs: AltitudeRun[]): number {
  let sumSquares = 0;
  let count = 0;
  for (const run of runs) {
    const median = movingMedian(run.timeS, run.altitudeM, NOISE_WINDOW_S);
    run.altitudeM.forEach((valueM, index) => {
      sumSquares += (valueM - median[index]!) ** 2;
      count++;
    });
  }
  return count === 0 ? 0 : Math.sqrt(sumSquares / count);
}

/** Each reading replaced by the median of the readings within ±windowS/2 of its time (centred). */
export function movingMedian(timeS: readonly number[], values: readonly number[], windowS: number): number[] {
  const halfS = windowS / 2;
  const out: number[] = [];
  let first = 0;
  let last = 0;
  for (let i = 0; i < values.length; i++) {
    const t = timeS[i]!;
    while (timeS[first]! < t - halfS) first++;
    while (last + 1 < values.length && timeS[last + 1]! <= t + halfS) last++;
    const window = values.slice(first, last + 1).sort((a, b) => a - b);
    const middle = window.length >> 1;
    out.push(window.length % 2 === 1 ? window[middle]! : (window[middle - 1]! + window[middle]!) / 2);
  }
  return out;
}
