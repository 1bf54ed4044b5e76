import { describe, expect, it } from 'vitest';
import { itWithFixtures } from '../support/fixture-suites.ts';
import { computeElevationGainM } from '../../src/metrics/elevation.ts';
import { resampleTo1Hz } from '../../src/metrics/resample.ts';
import { loadStravaPowerRide } from './support/strava-ride-fixture.ts';

describe('computeElevationGainM (3 m hysteresis)', () => {
  it('ignores wobble under 3 m and counts real climbs in full', () => {
    expect(computeElevationGainM([10, 12, 10, 12.5, 10, 11])).toBe(0);
    expect(computeElevationGainM([0, 25, 50, 48, 75, 100])).toBe(100);
    expect(computeElevationGainM([0, 50, 40, 90])).toBe(100);
  });

  it('skips missing readings and is null without any', () => {
    expect(computeElevationGainM([0, null, 20, null])).toBe(20);
    expect(computeElevationGainM([null, null])).toBeNull();
  });

  itWithFixtures("is within 1 % of Strava's elevation gain on the real ride", () => {
    const { streams, strava } = loadStravaPowerRide();
    const gainM = computeElevationGainM(resampleTo1Hz(streams).altitudeM!)!;
    expect(gainM).toBeCloseTo(447.8, 1);
    expect(Math.abs(gainM / strava.totalElevationGainM - 1)).toBeLessThan(0.01);
  });
});
