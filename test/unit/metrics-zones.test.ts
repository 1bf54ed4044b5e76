import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { resampleTo1Hz } from '../../src/metrics/resample.ts';
import {
  computeHeartRateZoneUpperBoundsBpm,
  computePowerZoneUpperBoundsW,
  computeTimeInZonesS,
} from '../../src/metrics/zones.ts';
import { loadStravaPowerRide } from './support/strava-ride-fixture.ts';

const zoneOf = (value: number, upperBounds: number[]) =>
  computeTimeInZonesS([value], upperBounds, [true]).findIndex((seconds) => seconds === 1) + 1;

describe('power zones (Coggan, % of FTP)', () => {
  const boundsW = computePowerZoneUpperBoundsW(200);

  it('puts each bound in the zone below it', () => {
    expect(boundsW).toEqual([110, 150, 180, 210, 240, 300]);
    const wattsToZone = [
      [0, 1], [110, 1], [110.5, 2], [150, 2], [150.5, 3], [180, 3], [181, 4],
      [210, 4], [211, 5], [240, 5], [241, 6], [300, 6], [300.5, 7], [2000, 7],
    ];
    for (const [watts, zone] of wattsToZone) expect(zoneOf(watts!, boundsW)).toBe(zone);
  });

  it('zone seconds add up to the included seconds with a value (property)', () => {
    const samples = fc.array(
      fc.tuple(fc.option(fc.integer({ min: 0, max: 1500 }), { nil: null, freq: 6 }), fc.boolean()),
      { maxLength: 500 },
    );
    fc.assert(
      fc.property(samples, fc.integer({ min: 100, max: 450 }), (rows, ftpW) => {
        const values = rows.map(([value]) => value);
        const included = rows.map(([, isIncluded]) => isIncluded);
        const seconds = computeTimeInZonesS(values, computePowerZoneUpperBoundsW(ftpW), included);
        expect(seconds).toHaveLength(7);
        const countedRows = rows.filter(([value, isIncluded]) => value !== null && isIncluded);
        expect(seconds.reduce((a, b) => a + b, 0)).toBe(countedRows.length);
      }),
    );
  });
});

describe('heart-rate zones', () => {
  it("uses the athlete's upper bounds of zones 1–4, zone 5 open", () => {
    const boundsBpm = [111, 139, 152, 166];
    expect([100, 111, 112, 139, 140, 152, 153, 166, 167, 200].map((bpm) => zoneOf(bpm, boundsBpm))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });

  it('counts no second for a hole in the series, as for a null', () => {
    const heartrateBpm: (number | null)[] = [120];
    heartrateBpm[2] = 200;
    heartrateBpm.length = 4;
    expect(computeTimeInZonesS(heartrateBpm, [111, 139, 152, 166], [true, true, true, true])).toEqual([0, 1, 0, 0, 1]);
  });

  it("derives Friel's zones from LTHR when the athlete has none", () => {
    expect(computeHeartRateZoneUpperBoundsBpm(170)).toEqual([136, 151.3, 158.1, 168.3].map((b) => expect.closeTo(b, 9)));
  });
});

describeWithFixtures('zones on the real ride', () => {
  const { streams } = loadStravaPowerRide();
  const series = resampleTo1Hz(streams);

  it('power and heart-rate zone seconds add up to the recorded time', () => {
    const powerSeconds = computeTimeInZonesS(series.powerW!, computePowerZoneUpperBoundsW(260), series.recorded);
    const heartRateSeconds = computeTimeInZonesS(series.heartrateBpm!, [115, 152, 171, 190], series.recorded);
    expect(powerSeconds.reduce((a, b) => a + b, 0)).toBe(6501);
    expect(heartRateSeconds.reduce((a, b) => a + b, 0)).toBe(6501);
    // Every zero (coasting, stopped) counts in zone 1.
    expect(powerSeconds[0]).toBeGreaterThan(series.powerW!.filter((w) => w === 0).length);
  });
});
