import { describe, expect, it } from 'vitest';
import {
  computeBestEfforts,
  computeGradeAdjustedSpeedsMps,
  computeGradients,
  computeNormalizedGradedSpeedMps,
  computeRtss,
  computeRunningCostJPerKgM,
  convertPaceToSpeedMps,
  convertSpeedToPaceSPerKm,
} from '../../src/metrics/running.ts';

const HOUR_S = 3600;
const seconds = (n: number) => Array.from({ length: n }, (_, k) => k);

describe('pace', () => {
  it('converts between m/s and s/km', () => {
    expect(convertSpeedToPaceSPerKm(4)).toBe(250);
    expect(convertPaceToSpeedMps(250)).toBe(4);
    expect(convertSpeedToPaceSPerKm(0)).toBeNull();
  });
});

describe('grade-adjusted pace (Minetti et al. 2002)', () => {
  it('costs 3.6 J/kg/m on the flat and 5.97 J/kg/m at +10 %', () => {
    expect(computeRunningCostJPerKgM(0)).toBe(3.6);
    expect(computeRunningCostJPerKgM(0.1)).toBeCloseTo(155.4e-5 - 30.4e-4 - 43.3e-3 + 46.3e-2 + 1.95 + 3.6, 12);
    expect(computeRunningCostJPerKgM(0.1)).toBeCloseTo(5.968, 3);
  });

  it('reads a steady 10 % climb from altitude and distance, and adjusts the speed for it', () => {
    const distanceM = seconds(120).map((k) => 3 * k);
    const altitudeM = distanceM.map((d) => 100 + 0.1 * d);
    const gradients = computeGradients(altitudeM, distanceM);
    gradients.forEach((gradient) => expect(gradient).toBeCloseTo(0.1, 12));
    const adjustedMps = computeGradeAdjustedSpeedsMps(Array(120).fill(3), gradients);
    expect(adjustedMps[60]).toBeCloseTo((3 * computeRunningCostJPerKgM(0.1)) / 3.6, 12);
  });

  it('reads no gradient when standing still or without altitude, and caps it at ±45 %', () => {
    expect(computeGradients([100, 105, 110], [0, 1, 2])).toEqual([0, 0, 0]);
    expect(computeGradients([null, null, null], [0, 50, 100])).toEqual([0, 0, 0]);
    expect(computeGradients([0, 100], [0, 10])).toEqual([0.45, 0.45]);
  });
});

describe('rTSS', () => {
  it('scores an hour at threshold pace on the flat 100', () => {
    const speedsMps = Array(HOUR_S).fill(4);
    const normalizedMps = computeNormalizedGradedSpeedMps(speedsMps, Array(HOUR_S).fill(true))!;
    expect(normalizedMps).toBe(4);
    expect(computeRtss(HOUR_S, normalizedMps, convertPaceToSpeedMps(250))).toBe(100);
    expect(computeRtss(HOUR_S, 3, 4)).toBeCloseTo(56.25, 12);
  });

  it('leaves standing seconds out of the normalized speed', () => {
    const speedsMps = [...Array(600).fill(4), ...Array(300).fill(0), ...Array(600).fill(4)];
    const moving = speedsMps.map((speed) => speed > 0);
    expect(computeNormalizedGradedSpeedMps(speedsMps, moving)).toBe(4);
  });
});

describe('best efforts', () => {
  it('times each standard distance covered at a steady 4 m/s', () => {
    const distanceM = seconds(3001).map((k) => 4 * k);
    const efforts = computeBestEfforts(distanceM);
    expect(efforts.map((e) => [e.distanceM, e.elapsedS])).toEqual([
      [400, 100],
      [1000, 250],
      [1609.344, 402.336],
      [5000, 1250],
      [10000, 2500],
    ].map(([d, t]) => [d, expect.closeTo(t!, 9)]));
  });

  it('finds the fastest stretch, interpolating its start between seconds', () => {
    // 1000 s at 3 m/s, then 200 s at 3.7 m/s, then 3 m/s again.
    let d = 0;
    const distanceM = seconds(2000).map((k) => (k === 0 ? 0 : (d += k > 1000 && k <= 1200 ? 3.7 : 3)));
    const [quarter] = computeBestEfforts(distanceM, [400]);
    expect(quarter!.elapsedS).toBeCloseTo(400 / 3.7, 9);
    expect(quarter!.startOffsetS).toBeGreaterThanOrEqual(1000);
  });

  it('skips the missing start of the distance stream and distances not covered', () => {
    const distanceM = [null, null, 0, 100, 200, 300, 400, 500];
    expect(computeBestEfforts(distanceM, [400, 1000])).toEqual([{ distanceM: 400, elapsedS: 4, startOffsetS: 2 }]);
  });
});
