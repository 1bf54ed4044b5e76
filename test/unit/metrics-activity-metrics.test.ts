import { describe, expect, it } from 'vitest';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { computeActivityMetrics } from '../../src/metrics/activity-metrics.ts';
import type { ActivityStreams } from '../../src/metrics/activity-streams.ts';
import { resolveAthleteSettings } from '../../src/metrics/athlete-settings.ts';
import { computeStreamSummary } from '../../src/metrics/stream-summary.ts';
import { loadStravaPowerRide } from './support/strava-ride-fixture.ts';

const METRIC_NAMES = [
  'movingTimeS',
  'distanceM',
  'elevationGainM',
  'averagePowerW',
  'maxPowerW',
  'normalizedPowerW',
  'xPowerW',
  'intensityFactor',
  'tss',
  'variabilityIndex',
  'workKj',
  'efficiencyFactor',
  'decouplingPct',
  'powerZoneSeconds',
  'powerDurationCurve',
  'averageHeartrateBpm',
  'maxHeartrateBpm',
  'hrZoneSeconds',
  'trimp',
  'hrTss',
  'averagePaceSPerKm',
  'gradeAdjustedPaceSPerKm',
  'normalizedGradedPaceSPerKm',
  'rTss',
  'bestEfforts',
  'trainingLoad',
  'trainingLoadMethod',
  'dataQuality',
];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('computeActivityMetrics on a smart-recording ride', () => {
  it('scores a 1 h ride recorded every 6 s at 200 W as 200 W, not as 200 W in one second of six', () => {
    const timeS = Array.from({ length: 601 }, (_, i) => i * 6);
    const metrics = computeActivityMetrics({
      streams: { timeS, powerW: timeS.map(() => 200), speedMps: timeS.map(() => 8) },
      summary: { sport: 'ride' },
      athlete: { ftpW: 250 },
    });
    expect(metrics.averagePowerW).toBeCloseTo(200, 9);
    expect(metrics.normalizedPowerW).toBeCloseTo(200, 9);
    // 3,601 recorded seconds (0 to 3,600 s) at IF 0.8: 3601 / 3600 x 0.8^2 x 100 = 64.018.
    expect(metrics.tss).toBeCloseTo(64.018, 3);
    expect(metrics.workKj).toBeCloseTo(720.2, 1);
  });
});

describeWithFixtures('computeActivityMetrics on the real ride', () => {
  const { streams, strava } = loadStravaPowerRide();
  const stravaZonesBpm = [115, 152, 171, 190] as const;
  const metrics = computeActivityMetrics({
    streams,
    summary: { sport: 'ride' },
    athlete: { ftpW: 260, hrZoneUpperBoundsBpm: stravaZonesBpm, maxHrBpm: 195, restHrBpm: 50 },
  });

  it('returns every metric by name', () => {
    expect(Object.keys(metrics).sort()).toEqual([...METRIC_NAMES].sort());
  });

  it('scores the ride by power', () => {
    expect(metrics.averagePowerW).toBeCloseTo(132.03, 2);
    expect(metrics.normalizedPowerW).toBeCloseTo(180.31, 2);
    expect(metrics.intensityFactor).toBeCloseTo(180.31 / 260, 4);
    // TSS runs over the recorded time, 6501 s.
    expect(metrics.tss).toBeCloseTo((6501 * metrics.normalizedPowerW! * metrics.intensityFactor!) / (260 * 3600) * 100, 9);
    expect(metrics.trainingLoad).toBe(metrics.tss);
    expect(metrics.trainingLoadMethod).toBe('power');
    expect(metrics.workKj).toBeCloseTo(858.349, 3);
    expect(metrics.maxPowerW).toBe(strava.maxWatts);
    expect(metrics.variabilityIndex).toBeCloseTo(metrics.normalizedPowerW! / metrics.averagePowerW!, 12);
    expect(metrics.efficiencyFactor).toBeCloseTo(metrics.normalizedPowerW! / metrics.averageHeartrateBpm!, 12);
    expect(metrics.decouplingPct).toEqual(expect.any(Number));
  });

  it('fills zones, distance, time and climbing from the streams', () => {
    expect(metrics.powerZoneSeconds).toHaveLength(7);
    expect(sum(metrics.powerZoneSeconds!)).toBe(6501);
    expect(metrics.hrZoneSeconds).toHaveLength(5);
    expect(sum(metrics.hrZoneSeconds!)).toBe(6501);
    expect(metrics.movingTimeS).toBe(6385);
    expect(metrics.distanceM).toBe(streams.distanceM!.at(-1));
    // Strava states 446 m; ADR 0063's rule over the barometric altitude gives 443.6 (447.0 with the
    // 3 m threshold before its amendment).
    expect(metrics.elevationGainM).toBeCloseTo(443.6, 1);
    expect(metrics.powerDurationCurve!.watts).toHaveLength(6501);
    expect(metrics.trimp).toBeGreaterThan(0);
    expect(metrics.hrTss).toBeGreaterThan(0);
    expect(metrics.averagePaceSPerKm).toBeNull();
    expect(metrics.bestEfforts).toBeNull();
  });

  it('falls back to hrTSS without FTP, and to an estimate without any heart-rate reference', () => {
    const withoutFtp = computeActivityMetrics({
      streams,
      summary: { sport: 'ride' },
      athlete: { hrZoneUpperBoundsBpm: stravaZonesBpm },
    });
    expect(withoutFtp.tss).toBeNull();
    expect(withoutFtp.powerZoneSeconds).toBeNull();
    expect(withoutFtp.trainingLoadMethod).toBe('heartRate');
    expect(withoutFtp.trainingLoad).toBe(withoutFtp.hrTss);

    const unknownAthlete = computeActivityMetrics({ streams, summary: { sport: 'ride' }, athlete: {} });
    expect(unknownAthlete.hrZoneSeconds).toBeNull();
    expect(unknownAthlete.trimp).toBeNull();
    expect(unknownAthlete.trainingLoadMethod).toBe('estimate');
    expect(unknownAthlete.trainingLoad).toBeCloseTo((6385 / 3600) * 0.7 ** 2 * 100, 9);
  });
});

describe('computeActivityMetrics on hand-made activities', () => {
  const hour = Array.from({ length: 3600 }, (_, k) => k);

  it('runs: pace, grade-adjusted pace, rTSS and best efforts', () => {
    const streams: ActivityStreams = {
      timeS: hour,
      distanceM: hour.map((k) => 4 * k),
      altitudeM: hour.map(() => 30),
      speedMps: hour.map(() => 4),
    };
    const metrics = computeActivityMetrics({ streams, summary: { sport: 'run' }, athlete: { thresholdPaceSPerKm: 250 } });
    expect(metrics.averagePaceSPerKm).toBeCloseTo(3600 / 14.396, 9);
    expect(metrics.gradeAdjustedPaceSPerKm).toBe(250);
    expect(metrics.normalizedGradedPaceSPerKm).toBe(250);
    expect(metrics.rTss).toBe(100);
    expect(metrics.trainingLoadMethod).toBe('pace');
    expect(metrics.bestEfforts!.map((e) => e.distanceM)).toEqual([400, 1000, 1609.344, 5000, 10000]);
    expect(metrics.averagePowerW).toBeNull();
    expect(metrics.tss).toBeNull();
  });

  it('gives no grade-adjusted pace without altitude, and Pa:HR decoupling with heart rate', () => {
    const streams: ActivityStreams = {
      timeS: hour,
      distanceM: hour.map((k) => 3 * k),
      speedMps: hour.map(() => 3),
      heartrateBpm: hour.map((k) => (k < 1800 ? 150 : 156)),
    };
    const metrics = computeActivityMetrics({ streams, summary: { sport: 'run' }, athlete: { maxHrBpm: 190 } });
    expect(metrics.gradeAdjustedPaceSPerKm).toBeNull();
    expect(metrics.decouplingPct).toBeCloseTo((1 - 150 / 156) * 100, 9);
    expect(metrics.trainingLoadMethod).toBe('heartRate');
  });

  it("a pool swim: average and max heart rate over the lengths swum, one value for the activity and its metrics", () => {
    // Two lengths (seconds 0-3 and 7-9) around a rest (4-6) in which the heart, lagging, peaks.
    const streams: ActivityStreams = {
      timeS: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      heartrateBpm: [120, 124, 128, 132, 160, 150, 140, 140, 144, 148],
      active: [true, true, true, true, false, false, false, true, true, true],
    };
    const athlete = { maxHrBpm: 190, restHrBpm: 60, hrZoneUpperBoundsBpm: [125, 135, 145, 155] as const };
    const metrics = computeActivityMetrics({ streams, summary: { sport: 'other' }, athlete });
    const summary = computeStreamSummary(streams)!;
    // (120 + 124 + 128 + 132 + 140 + 144 + 148) / 7 = 936 / 7; over all ten seconds it would be 138.6 and 160.
    expect(metrics.averageHeartrateBpm).toBeCloseTo(936 / 7, 9);
    expect(metrics.maxHeartrateBpm).toBe(148);
    expect([summary.averageHeartrateBpm, summary.maxHeartrateBpm]).toEqual([metrics.averageHeartrateBpm, metrics.maxHeartrateBpm]);
    // Zones and TRIMP keep the rests: the session's load, every recorded second.
    expect(metrics.hrZoneSeconds).toEqual([2, 2, 3, 2, 1]);
    const { active: _active, ...withRests } = streams;
    const counted = computeActivityMetrics({ streams: withRests, summary: { sport: 'other' }, athlete });
    expect(counted.averageHeartrateBpm).toBeCloseTo(138.6, 9);
    expect(counted.maxHeartrateBpm).toBe(160);
    expect(metrics.trimp).toBe(counted.trimp);
    expect(metrics.hrTss).toBe(counted.hrTss);
  });

  it('ignores a silent power meter and keeps power out of IF/TSS for sports other than riding', () => {
    const silent = computeActivityMetrics({
      streams: { timeS: hour, powerW: hour.map(() => 0) },
      summary: { sport: 'ride' },
      athlete: { ftpW: 250 },
    });
    expect(silent.normalizedPowerW).toBeNull();
    expect(silent.trainingLoadMethod).toBe('estimate');

    const runWithPower = computeActivityMetrics({
      streams: { timeS: hour, powerW: hour.map(() => 250) },
      summary: { sport: 'run' },
      athlete: { ftpW: 250 },
    });
    expect(runWithPower.normalizedPowerW).toBe(250);
    expect(runWithPower.tss).toBeNull();
  });

  it('uses the summary when there are no streams', () => {
    const metrics = computeActivityMetrics({
      streams: null,
      summary: {
        sport: 'ride',
        movingTimeS: 7200,
        distanceM: 60_000,
        averagePowerW: 180,
        weightedAveragePowerW: 200,
        averageHeartrateBpm: 140,
      },
      athlete: { ftpW: 250 },
    });
    expect(metrics.normalizedPowerW).toBe(200);
    expect(metrics.tss).toBeCloseTo(128, 9);
    expect(metrics.trainingLoadMethod).toBe('power');
    expect(metrics.variabilityIndex).toBeCloseTo(200 / 180, 12);
    expect(metrics.averageHeartrateBpm).toBe(140);
    expect(metrics.powerDurationCurve).toBeNull();

    const hike = computeActivityMetrics({
      streams: null,
      summary: { sport: 'hike', elapsedTimeS: 3600, averageHeartrateBpm: 135 },
      athlete: { lthrBpm: 170 },
    });
    expect(hike.trainingLoadMethod).toBe('estimate');
    expect(hike.trainingLoad).toBeCloseTo((135 / 170) ** 2 * 100, 9);
  });
});

describe('resolveAthleteSettings', () => {
  it('documents its defaults', () => {
    expect(resolveAthleteSettings({})).toEqual({
      ftpW: null,
      hrZoneUpperBoundsBpm: null,
      lthrBpm: null,
      maxHrBpm: null,
      restHrBpm: 60,
      thresholdPaceSPerKm: null,
      sex: 'male',
    });
  });

  it('takes LTHR from the start of zone 5, max heart rate as LTHR / 0.9, and zones from LTHR', () => {
    const fromZones = resolveAthleteSettings({ hrZoneUpperBoundsBpm: [120, 140, 155, 171] });
    expect(fromZones.lthrBpm).toBe(171);
    expect(fromZones.maxHrBpm).toBeCloseTo(190, 9);
    const fromMax = resolveAthleteSettings({ maxHrBpm: 200, sex: 'female' });
    expect(fromMax.lthrBpm).toBe(180);
    expect(fromMax.hrZoneUpperBoundsBpm).toEqual([144, 160.2, 167.4, 178.2].map((b) => expect.closeTo(b, 9)));
    expect(fromMax.sex).toBe('female');
  });

  it('treats a max heart rate at or below resting as unknown', () => {
    expect(resolveAthleteSettings({ maxHrBpm: 55, restHrBpm: 60 }).maxHrBpm).toBeNull();
  });
});
