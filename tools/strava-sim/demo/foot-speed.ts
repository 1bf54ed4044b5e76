/**
 * How slopes change speed on foot.
 *
 * Running: the energy cost of running on a gradient (Minetti et al. 2002, "Energy cost of walking
 * and running at extreme uphill and downhill slopes"), in J/kg/m. At a constant metabolic effort,
 * speed scales with flatCost / slopeCost; grade-adjusted speed is the inverse.
 */
function runningCostJPerKgM(grade: number): number {
  const i = Math.max(-0.45, Math.min(0.45, grade));
  return ((((155.4 * i - 30.4) * i - 43.3) * i + 46.3) * i + 19.5) * i + 3.6;
}

const FLAT_RUNNING_COST = runningCostJPerKgM(0);
/** Runners do not let steep descents carry them much faster than their flat pace. */
const MAX_DOWNHILL_SPEEDUP = 1.12;

/** Speed on a gradient for a runner whose flat-ground speed at the same effort is `flatSpeedMps`. */
export function runningSpeedOnGrade(flatSpeedMps: number, grade: number): number {
  const factor = Math.min(MAX_DOWNHILL_SPEEDUP, FLAT_RUNNING_COST / runningCostJPerKgM(grade));
  return flatSpeedMps * factor;
}

/** The flat-ground speed that costs as much as running `speedMps` on `grade` (Strava's GAP idea). */
export function gradeAdjustedSpeed(speedMps: number, grade: number): number {
  return (speedMps * runningCostJPerKgM(grade)) / FLAT_RUNNING_COST;
}

/** Tobler's hiking function (1993): walking speed on a slope, in m/s. */
export function hikingSpeedMps(grade: number): number {
  return (6 * Math.exp(-3.5 * Math.abs(grade + 0.05))) / 3.6;
}
