/**
 * One training-load number per activity, on the TSS scale (an hour at threshold = 100), so that
 * rides, runs and the rest add up in one fitness chart. The first method the data allows wins:
 * 1. power: TSS from Normalized Power and FTP (cycling);
 * 2. heartRate: hrTSS from heart rate and LTHR;
 * 3. pace: rTSS from normalized graded pace and threshold pace (running);
 * 4. estimate: duration × an assumed intensity factor, TSS = hours × IF² × 100.
 */

export type SportFamily = 'ride' | 'run' | 'hike' | 'workout' | 'other';

export type TrainingLoadMethod = 'power' | 'heartRate' | 'pace' | 'estimate';

export interface TrainingLoad {
  load: number;
  method: TrainingLoadMethod;
}

export interface TrainingLoadInputs {
  powerTss: number | null;
  hrTss: number | null;
  rTss: number | null;
  sport: SportFamily;
  /** Moving time, or elapsed time when that is all there is. */
  durationS: number;
  /** An intensity factor known from the summary (e.g. average heart rate / LTHR), if any. */
  averageIntensityFactor: number | null;
}

/**
 * Kairo's assumption for an activity with no power, heart rate or pace to score it: the typical
 * intensity factor of an unstructured session of that sport (an endurance ride ≈ 0.70 → 49 per
 * hour; an easy run ≈ 0.75 → 56; a hike or a strength session well below threshold).
 */
export const DEFAULT_INTENSITY_FACTOR_BY_SPORT: Record<SportFamily, number> = {
  ride: 0.7,
  run: 0.75,
  hike: 0.55,
  workout: 0.6,
  other: 0.6,
};

const SECONDS_PER_HOUR = 3600;

export function selectTrainingLoad(inputs: TrainingLoadInputs): TrainingLoad {
  if (inputs.powerTss !== null) return { load: inputs.powerTss, method: 'power' };
  if (inputs.hrTss !== null) return { load: inputs.hrTss, method: 'heartRate' };
  if (inputs.rTss !== null) return { load: inputs.rTss, method: 'pace' };
  return { load: estimateTrainingLoad(inputs.sport, inputs.durationS, inputs.averageIntensityFactor), method: 'estimate' };
}

function estimateTrainingLoad(sport: SportFamily, durationS: number, averageIntensityFactor: number | null): number {
  const intensityFactor = averageIntensityFactor ?? DEFAULT_INTENSITY_FACTOR_BY_SPORT[sport];
  return (durationS / SECONDS_PER_HOUR) * intensityFactor ** 2 * 100;
}
