import {
  computeFourthPowerMeanRoot,
  computeFullWindowMeans,
  computeMean,
  selectIncluded,
  selectPresent,
} from './smoothing.ts';

/**
 * Power metrics over a 1 Hz power series from `resampleTo1Hz`. Averages and durations are taken
 * over the recorded seconds: zeros while coasting or standing with the recorder running count,
 * paused time does not (as in GoldenCheetah and TrainingPeaks; Strava divides work by moving time).
 */

const NORMALIZED_POWER_WINDOW_S = 30;
const XPOWER_TIME_CONSTANT_S = 25;
const SECONDS_PER_HOUR = 3600;

export function computeAveragePowerW(powerW: readonly number[], recorded: readonly boolean[]): number | null {
  return computeMean(selectIncluded(powerW, recorded));
}

export function computeMaxPowerW(powerW: readonly number[]): number | null {
  let maxW: number | null = null;
  for (let i = 0; i < powerW.length; i++) if (maxW === null || powerW[i]! > maxW) maxW = powerW[i]!;
  return maxW;
}

/** Each 1 Hz sample is one second at that power, so work is the plain sum in joules. */
export function computeWorkKj(powerW: readonly number[]): number {
  let workJ = 0;
  for (let i = 0; i < powerW.length; i++) workJ += powerW[i]!;
  return workJ / 1000;
}

/**
 * The 30 s rolling means that Normalized Power and Pw:HR decoupling are built from, aligned with
 * the 1 Hz series: null in pauses and for the first 29 recorded seconds (see `computeFullWindowMeans`).
 */
export function computeNormalizedPowerWindowMeansW(
  powerW: readonly number[],
  recorded: readonly boolean[],
): (number | null)[] {
  return computeFullWindowMeans(powerW, recorded, NORMALIZED_POWER_WINDOW_S);
}

/**
 * Normalized Power (Coggan; Allen & Coggan, "Training and Racing with a Power Meter"): the fourth
 * root of the mean fourth power of the 30 s rolling average power, as GoldenCheetah computes it,
 * with two stated choices. The rolling average starts at the first full 30 s window (Coggan's
 * definition; GoldenCheetah instead averages the first 29 s over a zero-padded window, which puts
 * a steady hour at 200 W at 199.7 W). Pauses are cut out and the recorded seconds on either side
 * joined, as the recorder's timer does; null when fewer than 30 s were recorded.
 */
export function computeNormalizedPowerW(powerW: readonly number[], recorded: readonly boolean[]): number | null {
  return computeFourthPowerMeanRoot(selectPresent(computeNormalizedPowerWindowMeansW(powerW, recorded)));
}

/**
 * xPower (Skiba, "Analysis of Power Output and Training Stress in Cyclists: the development of the
 * BikeScore algorithm"): like Normalized Power, but smoothed by an exponentially weighted average
 * with a 25 s time constant, each second weighted 1/26, starting from zero, as in GoldenCheetah;
 * over the recorded seconds joined across pauses.
 */
export function computeXPowerW(powerW: readonly number[], recorded: readonly boolean[]): number | null {
  const sampleWeight = 1 / (XPOWER_TIME_CONSTANT_S + 1);
  const smoothedW = selectIncluded(powerW, recorded);
  let weightedW = 0;
  for (let k = 0; k < smoothedW.length; k++) {
    weightedW += sampleWeight * (smoothedW[k]! - weightedW);
    smoothedW[k] = weightedW;
  }
  return computeFourthPowerMeanRoot(smoothedW);
}

export function computeIntensityFactor(normalizedPowerW: number, ftpW: number): number {
  return normalizedPowerW / ftpW;
}

/** Training Stress Score (Coggan): durationS × NP × IF / (FTP × 3600) × 100; an hour at FTP scores 100. */
export function computeTss(durationS: number, normalizedPowerW: number, ftpW: number): number {
  const intensityFactor = computeIntensityFactor(normalizedPowerW, ftpW);
  return ((durationS * normalizedPowerW * intensityFactor) / (ftpW * SECONDS_PER_HOUR)) * 100;
}

export function computeVariabilityIndex(normalizedPowerW: number, averagePowerW: number): number | null {
  return averagePowerW > 0 ? normalizedPowerW / averagePowerW : null;
}

/** Efficiency factor (Friel): output per heartbeat, Normalized Power over average heart rate. */
export function computeEfficiencyFactor(normalizedPowerW: number, averageHeartrateBpm: number): number | null {
  return averageHeartrateBpm > 0 ? normalizedPowerW / averageHeartrateBpm : null;
}
