import { describe, expect, it } from 'vitest';
import {
  combinePowerDurationCurves,
  computeCriticalPower,
  estimateFtpFromPowerDurationCurve,
} from '../../src/metrics/critical-power.ts';
import type { MeanMaximalPowerCurve } from '../../src/metrics/mean-maximal-power.ts';

const curveOf = (durationS: number, wattsAt: (t: number) => number): MeanMaximalPowerCurve => {
  const durationsS = Array.from({ length: durationS }, (_, k) => k + 1);
  return { durationsS, watts: durationsS.map(wattsAt) };
};

describe('computeCriticalPower (Monod & Scherrer two-parameter model)', () => {
  it('recovers CP and W′ from a curve that follows the model', () => {
    const curve = curveOf(3600, (t) => 250 + 20_000 / t);
    const fit = computeCriticalPower(curve)!;
    expect(fit.criticalPowerW).toBeCloseTo(250, 6);
    expect(fit.wPrimeJ).toBeCloseTo(20_000, 3);
  });

  it('is null when the curve stops before 20 min', () => {
    expect(computeCriticalPower(curveOf(1199, (t) => 250 + 20_000 / t))).toBeNull();
  });

  it('is null for a curve the model cannot describe (no W′ above a flat line)', () => {
    expect(computeCriticalPower(curveOf(1800, () => 200))).toBeNull();
  });
});

describe('FTP estimate and the best curve over several activities', () => {
  it('takes 95 % of the best 20 min', () => {
    expect(estimateFtpFromPowerDurationCurve(curveOf(1800, (t) => (t <= 1200 ? 300 : 280)))).toBe(285);
    expect(estimateFtpFromPowerDurationCurve(curveOf(900, () => 300))).toBeNull();
  });

  it('combines curves into the best power at each duration, up to the longest', () => {
    const short = { durationsS: [1, 2], watts: [900, 600] };
    const long = { durationsS: [1, 2, 3], watts: [700, 650, 400] };
    expect(combinePowerDurationCurves([short, long])).toEqual({ durationsS: [1, 2, 3], watts: [900, 650, 400] });
    expect(combinePowerDurationCurves([])).toEqual({ durationsS: [], watts: [] });
  });
});
