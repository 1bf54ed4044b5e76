import { describe, expect, it } from 'vitest';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import {
  computeAverageHeartrateBpm,
  computeBanisterTrimp,
  computeHrTss,
  computeMaxHeartrateBpm,
} from '../../src/metrics/heart-rate.ts';
import type { HeartRateReference } from '../../src/metrics/heart-rate.ts';
import { resampleTo1Hz } from '../../src/metrics/resample.ts';
import { loadStravaPowerRide } from './support/strava-ride-fixture.ts';

const HOUR_S = 3600;
const man: HeartRateReference = { restHrBpm: 60, maxHrBpm: 180, sex: 'male' };
const woman: HeartRateReference = { ...man, sex: 'female' };
const steadyHour = (bpm: number) => Array<number>(HOUR_S).fill(bpm);
const allIncluded = Array<boolean>(HOUR_S).fill(true);

describe('Banister TRIMP', () => {
  it('an hour at half the heart-rate reserve: 60 · 0.5 · a · e^(b · 0.5)', () => {
    // 120 bpm is halfway between rest (60) and max (180).
    expect(computeBanisterTrimp(steadyHour(120), allIncluded, man)).toBeCloseTo(60 * 0.5 * 0.64 * Math.exp(1.92 * 0.5), 9);
    expect(computeBanisterTrimp(steadyHour(120), allIncluded, man)).toBeCloseTo(50.14, 2);
    expect(computeBanisterTrimp(steadyHour(120), allIncluded, woman)).toBeCloseTo(60 * 0.5 * 0.86 * Math.exp(1.67 * 0.5), 9);
  });

  it('counts only included seconds with a reading, and caps the reserve at max', () => {
    const heartrateBpm = [...steadyHour(120).slice(0, 1800), ...Array<null>(1800).fill(null)];
    expect(computeBanisterTrimp(heartrateBpm, allIncluded, man)).toBeCloseTo(25.07, 2);
    const atMax = computeBanisterTrimp(steadyHour(180), allIncluded, man);
    expect(computeBanisterTrimp(steadyHour(200), allIncluded, man)).toBe(atMax);
    expect(computeBanisterTrimp([null], [true], man)).toBeNull();
  });
});

describe('a series with holes (as the callbacks these loops replaced skipped them)', () => {
  it('takes a hole for a second without a reading, never for a reading', () => {
    // [150, hole, 170, hole]: two readings, two seconds without.
    const heartrateBpm: (number | null)[] = [150];
    heartrateBpm[2] = 170;
    heartrateBpm.length = 4;
    const included = [true, true, true, true];
    expect(computeMaxHeartrateBpm(heartrateBpm, included)).toBe(170);
    const holeFirst: (number | null)[] = [];
    holeFirst[1] = 150;
    expect(computeMaxHeartrateBpm(holeFirst)).toBe(150);
    expect(computeBanisterTrimp(heartrateBpm, included, man)).toBeCloseTo(computeBanisterTrimp([150, null, 170, null], included, man)!, 12);
  });
});

describe('hrTSS', () => {
  it('scores an hour at LTHR 100 and scales with TRIMP', () => {
    const lthrBpm = 162;
    const trimp = computeBanisterTrimp(steadyHour(lthrBpm), allIncluded, man)!;
    expect(computeHrTss(trimp, lthrBpm, man)).toBeCloseTo(100, 9);
    expect(computeHrTss(trimp / 2, lthrBpm, man)).toBeCloseTo(50, 9);
  });
});

describeWithFixtures('heart rate on the real ride', () => {
  const { streams, strava } = loadStravaPowerRide();
  const series = resampleTo1Hz(streams);

  it("matches Strava's max and is within 1 % of its average", () => {
    expect(computeMaxHeartrateBpm(series.heartrateBpm!)).toBe(strava.maxHeartrate);
    const averageBpm = computeAverageHeartrateBpm(series.heartrateBpm!, series.recorded)!;
    expect(Math.abs(averageBpm / strava.averageHeartrate - 1)).toBeLessThan(0.01);
  });
});
