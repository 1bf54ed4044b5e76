import type { MeanMaximalPowerCurve } from './mean-maximal-power.ts';

/**
 * The durations at which power-duration curves are kept and compared across activities: dense
 * where the curve bends (sprints, the first minutes), sparse where it flattens, and on the
 * landmarks athletes read (5 s, 1 min, 5 min, 20 min, 1 h). Every activity's curve stored on this
 * grid lets the athlete's best over many activities be a maximum per grid point, without reading
 * one stream. Changing it means recomputing the stored curves.
 */
export const POWER_CURVE_GRID_S: readonly number[] = [
  1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 90, 120, 150, 180, 210, 240, 300, 360, 420, 480, 600, 720,
  900, 1080, 1200, 1500, 1800, 2100, 2400, 2700, 3600, 4500, 5400, 7200, 9000, 10800, 14400, 18000, 21600, 25200, 28800,
  36000, 43200, 57600, 72000, 86400,
];

/**
 * The curve read at each grid duration it reaches: entry k is the power at POWER_CURVE_GRID_S[k],
 * so the result is as long as the grid durations no longer than the activity. `curve` must hold
 * every duration from 1 s (what computeMeanMaximalPower gives).
 */
export function samplePowerCurveOnGrid(curve: MeanMaximalPowerCurve): number[] {
  const watts: number[] = [];
  for (const durationS of POWER_CURVE_GRID_S) {
    const w = curve.watts[durationS - 1];
    if (w === undefined) break;
    watts.push(w);
  }
  return watts;
}
