import type { Streams1Hz } from './resample.ts';
import { computeMean } from './smoothing.ts';

export type Sex = 'male' | 'female';

export interface HeartRateReference {
  restHrBpm: number;
  maxHrBpm: number;
  sex: Sex;
}

/**
 * Banister's TRIMP weighting (Banister, "Modeling elite athletic performance", in Physiological
 * Testing of the High-Performance Athlete, 1991; Morton, Fitz-Clarke & Banister, J Appl Physiol
 * 69:1171, 1990): each minute counts HRr · a · e^(b · HRr), where HRr is the heart-rate reserve
 * fraction (HR − rest) / (max − rest), so that a minute near max weighs far more than one at
 * rest, in line with blood lactate. a, b: 0.64, 1.92 for men; 0.86, 1.67 for women.
 */
const TRIMP_WEIGHTS: Record<Sex, { a: number; b: number }> = {
  male: { a: 0.64, b: 1.92 },
  female: { a: 0.86, b: 1.67 },
};
const SECONDS_PER_MINUTE = 60;
const MINUTES_PER_HOUR = 60;

/**
 * The seconds an activity's average and max heart rate cover: the recorded ones, and for a pool
 * swim only those in the lengths swum, the rests between them left out (ADR 0019). A swimmer
 * judges a swim's heart rate over the swimming, as the watch and Strava do. Zones, TRIMP and hrTSS
 * keep every recorded second: they measure the session's load, and the heart works in the rests.
 */
export function heartRateSeconds(series: Pick<Streams1Hz, 'recorded' | 'active'>): boolean[] {
  return series.active ?? series.recorded;
}

/**
 * Average and max heart rate of an activity, the one computation for its summary and its metrics:
 * time-weighted over `heartRateSeconds` (each second once, so beats per minute over that time),
 * max of the same seconds. Null without a heart-rate stream.
 */
export function computeHeartRateFigures(
  series: Pick<Streams1Hz, 'recorded' | 'active' | 'heartrateBpm'>,
): { averageHeartrateBpm: number | null; maxHeartrateBpm: number | null } {
  if (!series.heartrateBpm) return { averageHeartrateBpm: null, maxHeartrateBpm: null };
  const included = heartRateSeconds(series);
  return {
    averageHeartrateBpm: computeAverageHeartrateBpm(series.heartrateBpm, included),
    maxHeartrateBpm: computeMaxHeartrateBpm(series.heartrateBpm, included),
  };
}

export function computeAverageHeartrateBpm(
  heartrateBpm: readonly (number | null)[],
  included: readonly boolean[],
): number | null {
  return computeMean(includedReadings(heartrateBpm, included));
}

/** The highest reading, of the `included` seconds when given. */
export function computeMaxHeartrateBpm(
  heartrateBpm: readonly (number | null)[],
  included?: readonly boolean[],
): number | null {
  let maxBpm: number | null = null;
  for (let k = 0; k < heartrateBpm.length; k++) {
    const bpm = heartrateBpm[k];
    if (bpm != null && (included === undefined || included[k]) && (maxBpm === null || bpm > maxBpm)) maxBpm = bpm;
  }
  return maxBpm;
}

/** Banister TRIMP over the included 1 Hz samples that have a heart rate; null when there are none. */
export function computeBanisterTrimp(
  heartrateBpm: readonly (number | null)[],
  included: readonly boolean[],
  reference: HeartRateReference,
): number | null {
  const readings = includedReadings(heartrateBpm, included);
  if (readings.length === 0) return null;
  let trimp = 0;
  for (let i = 0; i < readings.length; i++) trimp += trimpPerMinute(readings[i]!, reference) / SECONDS_PER_MINUTE;
  return trimp;
}

/**
 * hrTSS (TrainingPeaks): the activity's TRIMP relative to the TRIMP of one hour at lactate-threshold
 * heart rate, × 100, so that an hour at LTHR scores 100 like an hour at FTP does in TSS.
 */
export function computeHrTss(trimp: number, lthrBpm: number, reference: HeartRateReference): number | null {
  const trimpOfHourAtThreshold = MINUTES_PER_HOUR * trimpPerMinute(lthrBpm, reference);
  return trimpOfHourAtThreshold > 0 ? (trimp / trimpOfHourAtThreshold) * 100 : null;
}

function trimpPerMinute(bpm: number, { restHrBpm, maxHrBpm, sex }: HeartRateReference): number {
  // Clamped: a reading above the athlete's set max would otherwise run up the exponential.
  const reserveFraction = Math.min(1, Math.max(0, (bpm - restHrBpm) / (maxHrBpm - restHrBpm)));
  const { a, b } = TRIMP_WEIGHTS[sex];
  return reserveFraction * a * Math.exp(b * reserveFraction);
}

function includedReadings(heartrateBpm: readonly (number | null)[], included: readonly boolean[]): number[] {
  const readings: number[] = [];
  for (let k = 0; k < heartrateBpm.length; k++) {
    const bpm = heartrateBpm[k];
    if (bpm != null && included[k]) readings.push(bpm);
  }
  return readings;
}
