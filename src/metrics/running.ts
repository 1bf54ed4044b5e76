import { computeFourthPowerMeanRoot, computeFullWindowMeans, selectPresent } from './smoothing.ts';

/**
 * Running metrics over 1 Hz series from `resampleTo1Hz`. Pace is in seconds per kilometre; the
 * arithmetic is done on speed (m/s), which averages correctly, and turned into pace at the end.
 */

const METRES_PER_KM = 1000;
const SECONDS_PER_HOUR = 3600;
/** Half-width of the window a gradient is measured over: 10 s at running speed is 25–50 m. */
const GRADIENT_HALF_WINDOW_S = 5;
/** Below this much horizontal distance the altitude change is noise, not a slope. */
const MIN_GRADIENT_RUN_M = 5;
/** Minetti et al. measured between −45 % and +45 %; the polynomial is not valid beyond. */
const MAX_ABS_GRADIENT = 0.45;
const NORMALIZED_GRADED_PACE_WINDOW_S = 30;

export function convertSpeedToPaceSPerKm(speedMps: number): number | null {
  return speedMps > 0 ? METRES_PER_KM / speedMps : null;
}

export function convertPaceToSpeedMps(paceSPerKm: number): number {
  return METRES_PER_KM / paceSPerKm;
}

/**
 * Gradient (rise over run, as a fraction) at each second, measured across the 10 s around it so
 * that altitude noise from one sample to the next does not read as a wall; 0 where altitude or
 * distance is missing or the athlete barely moved.
 */
export function computeGradients(altitudeM: readonly (number | null)[], distanceM: readonly (number | null)[]): number[] {
  const last = altitudeM.length - 1;
  return altitudeM.map((_, k) => {
    const from = Math.max(k - GRADIENT_HALF_WINDOW_S, 0);
    const to = Math.min(k + GRADIENT_HALF_WINDOW_S, last);
    const riseM = difference(altitudeM[from], altitudeM[to]);
    const runM = difference(distanceM[from], distanceM[to]);
    if (riseM === null || runM === null || runM < MIN_GRADIENT_RUN_M) return 0;
    return Math.min(MAX_ABS_GRADIENT, Math.max(-MAX_ABS_GRADIENT, riseM / runM));
  });
}

/**
 * Energy cost of running on a gradient, J/kg/m (Minetti et al., "Energy cost of walking and
 * running at extreme uphill and downhill slopes", J Appl Physiol 93:1039, 2002):
 * C(i) = 155.4i⁵ − 30.4i⁴ − 43.3i³ + 46.3i² + 19.5i + 3.6. It is lowest near −20 %, where it
 * halves the effort of the flat; Strava's later model, fitted to its athletes' heart rates, credits
 * steep descents less, but is not published as a formula.
 */
export function computeRunningCostJPerKgM(gradient: number): number {
  const i = gradient;
  return 155.4 * i ** 5 - 30.4 * i ** 4 - 43.3 * i ** 3 + 46.3 * i ** 2 + 19.5 * i + 3.6;
}

/** The flat speed with the same energy cost: speed × C(gradient) / C(0). */
export function computeGradeAdjustedSpeedsMps(speedMps: readonly number[], gradients: readonly number[]): number[] {
  const flatCostJPerKgM = computeRunningCostJPerKgM(0);
  return speedMps.map((speed, k) => (speed * computeRunningCostJPerKgM(gradients[k] ?? 0)) / flatCostJPerKgM);
}

/**
 * Normalized graded speed, the speed form of TrainingPeaks' Normalized Graded Pace: grade-adjusted
 * speed put through the Normalized Power algorithm (30 s rolling average from the first full
 * window, fourth-power mean) over the moving seconds joined end to end: a standing runner has no
 * pace, unlike a coasting rider's zero watts. Null below 30 s of moving time.
 */
export function computeNormalizedGradedSpeedMps(
  gradeAdjustedSpeedsMps: readonly number[],
  moving: readonly boolean[],
): number | null {
  const rollingMeansMps = computeFullWindowMeans(gradeAdjustedSpeedsMps, moving, NORMALIZED_GRADED_PACE_WINDOW_S);
  return computeFourthPowerMeanRoot(selectPresent(rollingMeansMps));
}

/**
 * rTSS (TrainingPeaks' running Training Stress Score): the TSS formula with normalized graded
 * speed in place of NP and threshold speed in place of FTP, over moving time. An hour at threshold
 * pace scores 100.
 */
export function computeRtss(movingTimeS: number, normalizedGradedSpeedMps: number, thresholdSpeedMps: number): number {
  const intensityFactor = normalizedGradedSpeedMps / thresholdSpeedMps;
  return (movingTimeS / SECONDS_PER_HOUR) * intensityFactor ** 2 * 100;
}

export const BEST_EFFORT_DISTANCES_M = [400, 1000, 1609.344, 5000, 10000, 21097.5, 42195] as const;

export interface BestEffort {
  distanceM: number;
  /** Elapsed time: the clock does not stop for a pause inside the effort. */
  elapsedS: number;
  /** Seconds from the start of the 1 Hz series to the start of the effort. */
  startOffsetS: number;
}

/**
 * The fastest stretch of each standard distance within the activity, from the cumulative distance
 * at each second (`resampleTo1Hz`'s, which never decreases). Each effort ends on a whole second;
 * its start is placed between two seconds by linear interpolation, so a 400 m time is not off by
 * up to a second. Distances the activity did not cover are left out.
 */
export function computeBestEfforts(
  distanceM: readonly (number | null)[],
  targetDistancesM: readonly number[] = BEST_EFFORT_DISTANCES_M,
): BestEffort[] {
  return targetDistancesM.flatMap((targetM) => {
    const effort = findFastestStretch(distanceM, targetM);
    return effort ? [effort] : [];
  });
}

/** Two pointers: for each end second, the latest start second still at least `targetM` behind. */
function findFastestStretch(distanceM: readonly (number | null)[], targetM: number): BestEffort | null {
  let best: BestEffort | null = null;
  let start = 0;
  for (let end = 0; end < distanceM.length; end++) {
    const endM = distanceM[end];
    if (endM == null) continue;
    while (start < end && (distanceM[start] == null || endM - distanceM[start + 1]! >= targetM)) start++;
    const startM = distanceM[start];
    if (startM == null || endM - startM < targetM) continue;
    const nextM = distanceM[start + 1]!;
    // The start may move this far towards the next second and still leave targetM to the end.
    const slackFraction = nextM > startM ? Math.min(1, (endM - targetM - startM) / (nextM - startM)) : 0;
    const elapsedS = end - start - slackFraction;
    if (best === null || elapsedS < best.elapsedS) {
      best = { distanceM: targetM, elapsedS, startOffsetS: start + slackFraction };
    }
  }
  return best;
}

function difference(from: number | null | undefined, to: number | null | undefined): number | null {
  return from == null || to == null ? null : to - from;
}
