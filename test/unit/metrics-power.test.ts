import { describe, expect, it } from 'vitest';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { computeDecouplingPct } from '../../src/metrics/decoupling.ts';
import {
  computeAveragePowerW,
  computeEfficiencyFactor,
  computeIntensityFactor,
  computeMaxPowerW,
  computeNormalizedPowerW,
  computeNormalizedPowerWindowMeansW,
  computeTss,
  computeVariabilityIndex,
  computeWorkKj,
  computeXPowerW,
} from '../../src/metrics/power.ts';
import { computeMovingTimeS, computeRecordedTimeS, resampleTo1Hz } from '../../src/metrics/resample.ts';
import { computeFourthPowerMeanRoot } from '../../src/metrics/smoothing.ts';
import { loadStravaPowerRide } from './support/strava-ride-fixture.ts';

const HOUR_S = 3600;
const steady = (watts: number, seconds: number) => Array<number>(seconds).fill(watts);
const allRecorded = (length: number) => Array<boolean>(length).fill(true);
const sumOfFourthPowers = (n: number) => Array.from({ length: n }, (_, k) => (k + 1) ** 4).reduce((a, b) => a + b, 0);

describe('power metrics on hand-made rides', () => {
  it('an hour at a steady 200 W with FTP 250: NP 200, IF 0.8, TSS 64, 720 kJ', () => {
    const powerW = steady(200, HOUR_S);
    const recorded = allRecorded(HOUR_S);
    const normalizedPowerW = computeNormalizedPowerW(powerW, recorded)!;
    expect(normalizedPowerW).toBe(200);
    expect(computeAveragePowerW(powerW, recorded)).toBe(200);
    expect(computeIntensityFactor(normalizedPowerW, 250)).toBe(0.8);
    expect(computeTss(HOUR_S, normalizedPowerW, 250)).toBeCloseTo(64, 10);
    expect(computeWorkKj(powerW)).toBe(720);
    expect(computeVariabilityIndex(normalizedPowerW, 200)).toBe(1);
  });

  it('an hour at FTP scores 100 TSS; two hours at IF 0.75 score 112.5', () => {
    expect(computeTss(HOUR_S, 250, 250)).toBe(100);
    expect(computeTss(2 * HOUR_S, 187.5, 250)).toBeCloseTo(112.5, 10);
  });

  it('30 min at 300 W then 30 min at 0 W: NP from the 30 s rolling means worked out by hand', () => {
    const powerW = [...steady(300, 1800), ...steady(0, 1800)];
    // Windows ending at seconds 29…1799 hold 300 W (1771 windows); the next 29 windows hold
    // 29…1 seconds of it, i.e. 290…10 W; the last 1771 hold 0 W. 3571 windows in all.
    const expectedNpW = ((1771 * 300 ** 4 + 10 ** 4 * sumOfFourthPowers(29)) / 3571) ** 0.25;
    const normalizedPowerW = computeNormalizedPowerW(powerW, allRecorded(HOUR_S))!;
    expect(normalizedPowerW).toBeCloseTo(expectedNpW, 9);
    expect(normalizedPowerW).toBeCloseTo(251.95, 2);
    expect(computeAveragePowerW(powerW, allRecorded(HOUR_S))).toBe(150);
    expect(computeVariabilityIndex(normalizedPowerW, 150)).toBeCloseTo(1.6797, 4);
    expect(computeTss(HOUR_S, normalizedPowerW, 250)).toBeCloseTo(100 * (expectedNpW / 250) ** 2, 9);
  });

  it('starts the rolling average at the first full 30 s window and needs one', () => {
    expect(computeNormalizedPowerW(steady(300, 30), allRecorded(30))).toBe(300);
    expect(computeNormalizedPowerW(steady(300, 29), allRecorded(29))).toBeNull();
    expect(computeNormalizedPowerWindowMeansW([...steady(100, 29), 400], allRecorded(30))).toEqual([
      ...Array(29).fill(null),
      110,
    ]);
  });

  it('cuts pauses out: averages and NP ignore paused seconds, work is unchanged', () => {
    const powerW = [...steady(200, 600), ...steady(0, 300), ...steady(200, 600)];
    const recorded = powerW.map((_, k) => k < 600 || k >= 900);
    expect(computeAveragePowerW(powerW, recorded)).toBe(200);
    expect(computeNormalizedPowerW(powerW, recorded)).toBe(200);
    expect(computeXPowerW(powerW, recorded)).toBe(computeXPowerW(steady(200, 1200), allRecorded(1200)));
    expect(computeWorkKj(powerW)).toBe(240);
    expect(computeMaxPowerW(powerW)).toBe(200);
  });

  it('xPower: a 25 s exponentially weighted average from zero, worked out by hand', () => {
    // The weighted average after k + 1 seconds at P is P · (1 − (25/26)^(k+1)).
    const seconds = 600;
    let fourthPowers = 0;
    for (let k = 0; k < seconds; k++) fourthPowers += (250 * (1 - (25 / 26) ** (k + 1))) ** 4;
    expect(computeXPowerW(steady(250, seconds), allRecorded(seconds))).toBeCloseTo((fourthPowers / seconds) ** 0.25, 9);
  });

  it('efficiency factor is NP per heartbeat', () => {
    expect(computeEfficiencyFactor(200, 125)).toBe(1.6);
    expect(computeEfficiencyFactor(200, 0)).toBeNull();
    expect(computeVariabilityIndex(200, 0)).toBeNull();
    expect(computeMaxPowerW([])).toBeNull();
  });
});

describe('Pw:HR decoupling', () => {
  const powerW = steady(200, HOUR_S);
  const windowMeansW = computeNormalizedPowerWindowMeansW(powerW, allRecorded(HOUR_S));

  it('compares the efficiency factor of the two halves', () => {
    // The 3571 seconds with a 30 s mean split 1785 / 1786; heart rate steps from 140 to 147 at the split.
    const heartrateBpm = windowMeansW.map((_, k) => (k < 29 + 1785 ? 140 : 147));
    const decouplingPct = computeDecouplingPct(windowMeansW, heartrateBpm, computeFourthPowerMeanRoot)!;
    expect(decouplingPct).toBeCloseTo((1 - 140 / 147) * 100, 9);
    expect(decouplingPct).toBeCloseTo(4.76, 2);
  });

  it('is zero at steady heart rate and null below 20 min', () => {
    expect(computeDecouplingPct(windowMeansW, windowMeansW.map(() => 140), computeFourthPowerMeanRoot)).toBe(0);
    const under20Min = windowMeansW.slice(0, 29 + 1199);
    expect(computeDecouplingPct(under20Min, under20Min.map(() => 140), computeFourthPowerMeanRoot)).toBeNull();
  });
});

describeWithFixtures('power metrics on the real ride, against Strava', () => {
  const { streams, strava } = loadStravaPowerRide();
  const series = resampleTo1Hz(streams);
  const powerW = series.powerW!;
  const { recorded, moving } = series;
  const workKj = computeWorkKj(powerW);

  it("Strava's average power is its work over its moving time", () => {
    expect((strava.kilojoules * 1000) / strava.movingTimeS).toBeCloseTo(strava.averageWatts, 1);
  });

  it('average power is within 1.5 % of Strava, 1 % on the same moving-time basis', () => {
    // Kairo divides by recorded time (stops with the recorder running count as zero, as in
    // GoldenCheetah and TrainingPeaks); Strava divides by moving time.
    const averagePowerW = computeAveragePowerW(powerW, recorded)!;
    expect(averagePowerW).toBeCloseTo(132.03, 2);
    expect(Math.abs(averagePowerW / strava.averageWatts - 1)).toBeLessThan(0.015);
    const movingAverageW = (workKj * 1000) / computeMovingTimeS(series);
    expect(movingAverageW).toBeCloseTo(134.43, 2);
    expect(Math.abs(movingAverageW / strava.averageWatts - 1)).toBeLessThan(0.01);
    expect(computeRecordedTimeS(series)).toBe(moving.length);
  });

  it("work matches Strava's once the stream's missing ends are accounted for", () => {
    // The stream leaves out the privacy zones at both ends: 529 of Strava's 6914 moving seconds.
    expect(workKj).toBeCloseTo(858.349, 3);
    const workOverStravaMovingTimeKj = (workKj * strava.movingTimeS) / computeMovingTimeS(series);
    expect(Math.abs(workOverStravaMovingTimeKj / strava.kilojoules - 1)).toBeLessThan(0.01);
  });

  it("NP is within 6 % of Strava's weighted average power, xPower within 2 %", () => {
    // Strava's weighted average uses its own smoothing, closer to xPower's exponential average
    // than to NP's 30 s window, and also covers the ends missing from the stream.
    const normalizedPowerW = computeNormalizedPowerW(powerW, recorded)!;
    expect(normalizedPowerW).toBeCloseTo(180.31, 2);
    expect(Math.abs(normalizedPowerW / strava.weightedAverageWatts - 1)).toBeLessThan(0.06);
    const xPowerW = computeXPowerW(powerW, recorded)!;
    expect(xPowerW).toBeCloseTo(172.83, 2);
    expect(Math.abs(xPowerW / strava.weightedAverageWatts - 1)).toBeLessThan(0.02);
  });

  it('max power is Strava\'s', () => {
    expect(computeMaxPowerW(powerW)).toBe(strava.maxWatts);
  });
});
