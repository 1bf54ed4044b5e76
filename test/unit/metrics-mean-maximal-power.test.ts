import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { computeMeanMaximalPower, computePowerDurationCurve } from '../../src/metrics/mean-maximal-power.ts';
import { computeAveragePowerW } from '../../src/metrics/power.ts';
import { resampleTo1Hz } from '../../src/metrics/resample.ts';
import { computeMeanMaximalPowerNaively } from './support/naive-mean-maximal-power.ts';
import { loadStravaPowerRide } from './support/strava-ride-fixture.ts';

/** Rides as runs of one value (plateaus, zero stretches from coasting) mixed with noisy stretches. */
const wholeWattRide = fc
  .array(
    fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 1, max: 60 })).map(([watts, n]) => Array(n).fill(watts)),
      fc.array(fc.integer({ min: 0, max: 1500 }), { maxLength: 40 }),
      fc.integer({ min: 1, max: 80 }).map((n) => Array(n).fill(0)),
    ),
    { maxLength: 12 },
  )
  .map((runs) => runs.flat());

describe('computeMeanMaximalPower', () => {
  it('equals the naive scan exactly on whole-watt rides with zeros and plateaus (property)', () => {
    fc.assert(
      fc.property(wholeWattRide, (powerW) => {
        expect(computeMeanMaximalPower(powerW).watts).toEqual(computeMeanMaximalPowerNaively(powerW));
      }),
      { numRuns: 300 },
    );
  });

  it('equals the naive scan up to rounding on fractional watts (property)', () => {
    const fractionalRide = fc.array(fc.double({ min: 0, max: 2000, noNaN: true }), { maxLength: 300 });
    fc.assert(
      fc.property(fractionalRide, (powerW) => {
        const fast = computeMeanMaximalPower(powerW).watts;
        computeMeanMaximalPowerNaively(powerW).forEach((expectedW, k) => {
          expect(Math.abs(fast[k]! - expectedW)).toBeLessThanOrEqual(1e-9 * Math.max(1, expectedW));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('equals the naive scan on long shapes that stress the pruning (constant, ramps, spikes)', () => {
    const length = 2500;
    const shapes = [
      Array(length).fill(250),
      Array.from({ length }, (_, k) => Math.floor(k / 10)),
      Array.from({ length }, (_, k) => 400 - Math.floor(k / 10)),
      Array.from({ length }, (_, k) => (k % 97 === 0 ? 1200 : k % 7)),
      Array.from({ length }, (_, k) => 200 + ((k * 7919) % 11) - 5),
    ];
    for (const powerW of shapes) {
      expect(computeMeanMaximalPower(powerW).watts).toEqual(computeMeanMaximalPowerNaively(powerW));
    }
  });

  it('equals the naive scan on a long ride where the drift bound stops paying and then pays again', () => {
    // Two hours of surges, coasting and stops (the drift bound prunes almost nothing, so it is read
    // for few blocks), then a long steady ramp (where it prunes again), then noise again.
    let seed = 7919;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const surges = Array.from({ length: 7200 }, (_, k) => {
      if (k % 3600 >= 3500 && k % 3600 < 3560) return 0;
      if (random() < 0.05) return 0;
      return Math.round((Math.floor(k / 900) % 3 === 1 ? 250 : 190) + (k % 600 < 30 ? 200 : 0) + (random() - 0.5) * 40);
    });
    const ramp = Array.from({ length: 2400 }, (_, k) => 120 + Math.floor(k / 8));
    const powerW = [...surges, ...ramp, ...surges.slice(0, 1200)];
    expect(computeMeanMaximalPower(powerW).watts).toEqual(computeMeanMaximalPowerNaively(powerW));
  });

  it('lists every duration from 1 s to the whole series', () => {
    expect(computeMeanMaximalPower([])).toEqual({ durationsS: [], watts: [] });
    expect(computeMeanMaximalPower([180])).toEqual({ durationsS: [1], watts: [180] });
    expect(computeMeanMaximalPower([100, 300, 200])).toEqual({ durationsS: [1, 2, 3], watts: [300, 250, 200] });
  });

  it('can rise with duration; the power-duration curve is its non-increasing envelope', () => {
    const exact = computeMeanMaximalPower([500, 0, 500]);
    expect(exact.watts).toEqual([500, 250, 1000 / 3]);
    expect(computePowerDurationCurve(exact).watts).toEqual([500, 1000 / 3, 1000 / 3]);
  });

  describeWithFixtures('on the real ride', () => {
    const { streams, strava } = loadStravaPowerRide();
    const series = resampleTo1Hz(streams);
    const powerW = series.powerW!;
    const curve = computeMeanMaximalPower(powerW);

    it('matches the naive scan at every duration', () => {
      expect(curve.watts).toEqual(computeMeanMaximalPowerNaively(powerW));
    });

    it('has a power-duration curve that is non-increasing, starts at max power and ends at average power', () => {
      const powerCurve = computePowerDurationCurve(curve);
      powerCurve.watts.slice(1).forEach((watts, k) => expect(watts).toBeLessThanOrEqual(powerCurve.watts[k]!));
      expect(powerCurve.watts[0]).toBe(strava.maxWatts);
      expect(powerCurve.watts.at(-1)).toBeCloseTo(computeAveragePowerW(powerW, series.recorded)!, 9);
      expect(powerCurve.durationsS.at(-1)).toBe(powerW.length);
      // Stops make the exact curve rise in places (by up to 6 W around 32 min on this ride).
      powerCurve.watts.forEach((watts, k) => expect(watts).toBeGreaterThanOrEqual(curve.watts[k]!));
    });
  });
});
