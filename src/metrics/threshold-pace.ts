/**
 * Functional threshold pace, the running counterpart of FTP that rTSS is scored against: the pace
 * an athlete can hold for about an hour (TrainingPeaks' definition for rTSS). It is read from best
 * efforts with Riegel's endurance model (P. S. Riegel, "Athletic records and human endurance",
 * American Scientist 69:285, 1981): the time over a distance grows as t₂ = t₁ · (d₂ / d₁)^1.06,
 * fitted to world records lasting from about 3.5 to 230 minutes. Solved for the distance covered
 * in one hour, each best effort implies a one-hour speed; the fastest one counts.
 *
 * Like the FTP estimate from the best 20 minutes, it assumes some effort was hard: a history of
 * easy runs gives a slow threshold pace, which scores those runs high rather than low.
 */

/** Riegel's fatigue exponent for running. */
export const RIEGEL_EXPONENT = 1.06;
/** The durations Riegel fitted: shorter efforts lean on anaerobic capacity, longer on fuelling. */
const RIEGEL_MIN_DURATION_S = 3.5 * 60;
const RIEGEL_MAX_DURATION_S = 230 * 60;
const THRESHOLD_DURATION_S = 3600;
const METRES_PER_KM = 1000;

export interface Effort {
  distanceM: number;
  elapsedS: number;
}

/** Riegel's predicted time over `targetDistanceM` from an effort over another distance. */
export function predictRiegelTimeS(effort: Effort, targetDistanceM: number): number {
  return effort.elapsedS * (targetDistanceM / effort.distanceM) ** RIEGEL_EXPONENT;
}

/** The inverse: the distance Riegel predicts is covered in `targetTimeS`. */
export function predictRiegelDistanceM(effort: Effort, targetTimeS: number): number {
  return effort.distanceM * (targetTimeS / effort.elapsedS) ** (1 / RIEGEL_EXPONENT);
}

/**
 * The threshold speed (m/s) an activity's best efforts imply: the fastest one-hour speed any of
 * them predicts. Null when no effort lasted within the durations Riegel fitted.
 */
export function estimateThresholdSpeedFromEffortsMps(efforts: readonly Effort[]): number | null {
  let best: number | null = null;
  for (const effort of efforts) {
    if (effort.elapsedS < RIEGEL_MIN_DURATION_S || effort.elapsedS > RIEGEL_MAX_DURATION_S || effort.distanceM <= 0) continue;
    const speedMps = predictRiegelDistanceM(effort, THRESHOLD_DURATION_S) / THRESHOLD_DURATION_S;
    if (best === null || speedMps > best) best = speedMps;
  }
  return best;
}

/** Threshold pace in whole seconds per kilometre, as it is shown and scored with. */
export function thresholdPaceFromSpeedSPerKm(thresholdSpeedMps: number): number {
  return Math.round(METRES_PER_KM / thresholdSpeedMps);
}
