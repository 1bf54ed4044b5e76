import { computePowerDurationCurve, type MeanMaximalPowerCurve } from '../../../metrics/mean-maximal-power.ts';
import { POWER_CURVE_GRID_S, samplePowerCurveOnGrid } from '../../../metrics/power-curve-grid.ts';
import { formatCurveDuration } from './chart-format.ts';

/** An activity's power-duration curve and the athlete's best, on one duration grid. */
export interface PowerCurveOverlay {
  durationsS: number[];
  /** Null past the activity's length. */
  activityW: (number | null)[];
  /** Null past the longest activity of the window. */
  bestW: (number | null)[];
}

/**
 * Puts the activity's exact mean-maximal power on the grid the best curve comes on. Both are
 * power-duration curves (best power for that long or longer), as the server stores them, so the
 * activity never rises above a best that includes it.
 */
export function overlayPowerCurves(activity: MeanMaximalPowerCurve, best: { watts: number[] }): PowerCurveOverlay {
  const activityW = samplePowerCurveOnGrid(computePowerDurationCurve(activity));
  const length = Math.max(activityW.length, best.watts.length);
  const durationsS = POWER_CURVE_GRID_S.slice(0, length);
  return {
    durationsS,
    activityW: durationsS.map((_, k) => activityW[k] ?? null),
    bestW: durationsS.map((_, k) => best.watts[k] ?? null),
  };
}

/** The durations a summary reads out, where the curve reaches them. */
const SUMMARY_DURATIONS_S = [5, 60, 300, 1200, 3600];

/** What the chart shows, in words: e.g. 'This ride: 5s 812 W, 1min 420 W. Best of 90 days: 5s 900 W, …'. */
export function describePowerCurves(overlay: PowerCurveOverlay, days: number): string {
  const read = (watts: (number | null)[]) =>
    SUMMARY_DURATIONS_S.flatMap((durationS) => {
      const w = watts[overlay.durationsS.indexOf(durationS)];
      return w === null || w === undefined ? [] : [`${formatCurveDuration(durationS)} ${Math.round(w)} W`];
    }).join(', ');
  const activity = read(overlay.activityW);
  const best = read(overlay.bestW);
  return [`This activity: ${activity || 'no power'}.`, best ? `Best of the last ${days} days: ${best}.` : ''].join(' ').trim();
}
