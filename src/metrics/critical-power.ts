import type { MeanMaximalPowerCurve } from './mean-maximal-power.ts';

/**
 * Critical power and W′ from a power-duration curve, by the two-parameter model of Monod &
 * Scherrer (Ergonomics 8:329, 1965): the best work over t seconds is W′ + CP·t, so a least-squares
 * line through (t, best work) over 3–20 min has slope CP and intercept W′ (named W′ as in Skiba
 * et al., Med Sci Sports Exerc 44:1526, 2012). Below 3 min the anaerobic capacity is not used up;
 * past 20 min the line bends down with fatigue the model does not describe.
 *
 * Feed it the athlete's best power-duration curve over recent weeks (`combinePowerDurationCurves`
 * of each activity's `computePowerDurationCurve`), not one ride's: the model assumes every point
 * was a maximal effort.
 */
export interface CriticalPower {
  criticalPowerW: number;
  wPrimeJ: number;
}

const CP_FIT_MIN_DURATION_S = 3 * 60;
const CP_FIT_MAX_DURATION_S = 20 * 60;
const FTP_TEST_DURATION_S = 20 * 60;
const FTP_FRACTION_OF_20_MIN = 0.95;

/** Null when the curve stops before 20 min, or when the fit is not physiological (CP or W′ ≤ 0). */
export function computeCriticalPower(curve: MeanMaximalPowerCurve): CriticalPower | null {
  const points = curve.durationsS.flatMap((durationS, k) =>
    durationS >= CP_FIT_MIN_DURATION_S && durationS <= CP_FIT_MAX_DURATION_S
      ? [{ durationS, workJ: curve.watts[k]! * durationS }]
      : [],
  );
  if (points.at(-1)?.durationS !== CP_FIT_MAX_DURATION_S) return null;

  const meanDurationS = points.reduce((sum, p) => sum + p.durationS, 0) / points.length;
  const meanWorkJ = points.reduce((sum, p) => sum + p.workJ, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.durationS - meanDurationS) * (p.workJ - meanWorkJ);
    variance += (p.durationS - meanDurationS) ** 2;
  }
  const criticalPowerW = covariance / variance;
  const wPrimeJ = meanWorkJ - criticalPowerW * meanDurationS;
  return criticalPowerW > 0 && wPrimeJ > 0 ? { criticalPowerW, wPrimeJ } : null;
}

/** The curve's power at 20 minutes; null when the curve is shorter. */
export function best20MinPowerW(curve: MeanMaximalPowerCurve): number | null {
  return curve.watts[curve.durationsS.indexOf(FTP_TEST_DURATION_S)] ?? null;
}

/** FTP as 95 % of the best 20 min power (Allen & Coggan's 20-minute test). */
export function estimateFtpFromBest20MinW(best20MinW: number): number {
  return FTP_FRACTION_OF_20_MIN * best20MinW;
}

/**
 * FTP estimated from a curve's best 20 minutes; null when the curve is shorter than 20 min. Like
 * CP, meaningful on a best curve that holds a hard 20 min.
 */
export function estimateFtpFromPowerDurationCurve(curve: MeanMaximalPowerCurve): number | null {
  const best20MinW = best20MinPowerW(curve);
  return best20MinW === null ? null : estimateFtpFromBest20MinW(best20MinW);
}

/** The athlete's best curve over several activities: the best power at each duration, up to the longest one. */
export function combinePowerDurationCurves(curves: readonly MeanMaximalPowerCurve[]): MeanMaximalPowerCurve {
  const watts: number[] = [];
  for (const curve of curves) {
    curve.watts.forEach((w, k) => {
      watts[k] = Math.max(watts[k] ?? 0, w);
    });
  }
  return { durationsS: watts.map((_, k) => k + 1), watts };
}
