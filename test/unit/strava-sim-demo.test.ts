import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityStats } from '../../tools/strava-sim/activity-stats.ts';
import { createAthleteProfile } from '../../tools/strava-sim/demo/athlete-model.ts';
import { generateHistory } from '../../tools/strava-sim/demo/history.ts';
import { createRouteLibrary } from '../../tools/strava-sim/demo/routes.ts';
import { synthesizeStreams, type SimStreams } from '../../tools/strava-sim/demo/streams.ts';
import { AthleteStore, type ActivityRecord, type SimAthlete } from '../../tools/strava-sim/store.ts';

const NOW_S = Date.UTC(2026, 4, 19, 10) / 1000;
const WEEK_S = 7 * 86_400;

function demoAthlete(seed: number) {
  const store = new AthleteStore(() => NOW_S);
  const athlete = store.create({ athleteId: 31_337, seed });
  return { store, athlete };
}

describe('strava-sim demo generator: determinism', () => {
  it('gives the same athlete, history and streams for the same seed', () => {
    const first = demoAthlete(11);
    const second = demoAthlete(11);
    expect(second.athlete.profile).toEqual(first.athlete.profile);
    expect(second.athlete.activities.map((record) => record.plan)).toEqual(first.athlete.activities.map((record) => record.plan));
    expect(second.athlete.activities.map((record) => record.id)).toEqual(first.athlete.activities.map((record) => record.id));
    for (const sport of ['Ride', 'Run', 'Hike', 'WeightTraining']) {
      const a = first.athlete.activities.find((record) => record.plan.sport === sport)!;
      const b = second.athlete.activities.find((record) => record.plan.sport === sport)!;
      expect(second.store.statsOf(b)).toEqual(first.store.statsOf(a));
      expect(second.store.streamsOf(b)).toEqual(first.store.streamsOf(a));
    }
  });

  it('synthesises identical streams again once they are dropped from memory', () => {
    const { athlete } = demoAthlete(5);
    const ride = athlete.activities.find((record) => record.plan.sport === 'Ride' && !record.plan.trainer)!;
    expect(synthesizeStreams(ride.plan, athlete.profile.place)).toEqual(synthesizeStreams(ride.plan, athlete.profile.place));
  });

  it('gives different athletes for different seeds', () => {
    const a = demoAthlete(1).athlete;
    const b = demoAthlete(2).athlete;
    expect(a.profile.startFtpW === b.profile.startFtpW && a.profile.firstname === b.profile.firstname).toBe(false);
    expect(a.activities.map((record) => record.plan.startS)).not.toEqual(b.activities.map((record) => record.plan.startS));
  });

  it('plans six months in well under a second, without synthesising anything', () => {
    const profile = createAthleteProfile(1, 99);
    const routes = createRouteLibrary(profile.seed, profile.place);
    const startedAt = performance.now();
    const history = generateHistory(profile, routes, NOW_S, 182);
    expect(performance.now() - startedAt).toBeLessThan(500);
    expect(history.plans.length).toBeGreaterThan(140);
  });
});

describe('strava-sim demo generator: plausibility', () => {
  let store: AthleteStore;
  let athlete: SimAthlete;
  let done: { record: ActivityRecord; stats: ActivityStats }[];
  const ofSport = (sport: string) => done.filter(({ record }) => record.plan.sport === sport);

  beforeAll(() => {
    ({ store, athlete } = demoAthlete(2024));
    done = store.finishedActivities(athlete, true).map((record) => ({ record, stats: store.statsOf(record) }));
  });

  it('follows a weekly pattern: 3–4 rides, 2–3 runs, 1–2 gym sessions, a hike some weekends', () => {
    const weeks = 182 / 7;
    expect(ofSport('Ride').length / weeks).toBeGreaterThanOrEqual(2.5);
    expect(ofSport('Ride').length / weeks).toBeLessThanOrEqual(4.2);
    expect(ofSport('Run').length / weeks).toBeGreaterThanOrEqual(1.8);
    expect(ofSport('Run').length / weeks).toBeLessThanOrEqual(3.5);
    expect(ofSport('WeightTraining').length / weeks).toBeGreaterThanOrEqual(0.9);
    expect(ofSport('WeightTraining').length / weeks).toBeLessThanOrEqual(2.2);
    expect(ofSport('Hike').length).toBeGreaterThanOrEqual(3);
  });

  it('trains 5–13 hours a week, less in the recovery weeks', () => {
    const firstStartS = done[0]!.record.plan.startS;
    const hoursByWeek = new Map<number, number>();
    for (const { record, stats } of done) {
      const week = Math.floor((record.plan.startS - firstStartS) / WEEK_S);
      hoursByWeek.set(week, (hoursByWeek.get(week) ?? 0) + stats.whole.movingTimeS / 3600);
    }
    const hours = [...hoursByWeek.values()];
    const mean = hours.reduce((a, b) => a + b, 0) / hours.length;
    expect(mean).toBeGreaterThan(5);
    expect(mean).toBeLessThan(13);
    // Every fourth week the plan backs off; those weeks carry less than the ones around them.
    const lightest = [...hoursByWeek.entries()].sort((a, b) => a[1] - b[1]).slice(0, 4);
    expect(lightest.reduce((sum, [, h]) => sum + h, 0) / 4).toBeLessThan(mean * 0.8);
  });

  it('rides below FTP on average, with normalized power at or above average power', () => {
    for (const { record, stats } of ofSport('Ride')) {
      const ftpW = record.plan.physiology.ftpW;
      expect(stats.whole.averageWatts!).toBeLessThan(ftpW);
      expect(stats.weightedAverageWatts!).toBeGreaterThanOrEqual(Math.floor(stats.whole.averageWatts!));
      expect(stats.weightedAverageWatts!).toBeLessThan(1.05 * ftpW);
      expect(stats.maxWatts!).toBeGreaterThan(stats.weightedAverageWatts!);
    }
  });

  it('makes interval sessions harder than endurance rides, and holds the interval targets', () => {
    const intensity = (kind: string) => {
      const rides = ofSport('Ride').filter(({ record }) => record.plan.workout.kind === kind);
      return rides.reduce((sum, { record, stats }) => sum + stats.weightedAverageWatts! / record.plan.physiology.ftpW, 0) / rides.length;
    };
    expect(intensity('threshold')).toBeGreaterThan(intensity('long') + 0.05);
    const threshold = ofSport('Ride').find(({ record }) => record.plan.workout.kind === 'threshold' && record.plan.trainer)!;
    const streams = store.streamsOf(threshold.record);
    // The first 8-minute interval starts after the 15-minute warm-up.
    const interval = Array.from(streams.powerW!.subarray(15 * 60 + 10, 23 * 60));
    const average = interval.reduce((a, b) => a + b, 0) / interval.length;
    const target = threshold.record.plan.physiology.ftpW * threshold.record.plan.physiology.readiness;
    expect(average / target).toBeGreaterThan(0.95);
    expect(average / target).toBeLessThan(1.05);
  });

  it('keeps heart rate between rest and maximum, higher in intervals than on easy days', () => {
    const { restingHeartrateBpm, maxHeartrateBpm } = athlete.profile;
    for (const { record } of done.slice(-40)) {
      const heartrate = store.streamsOf(record).heartrateBpm;
      expect(Math.min(...heartrate)).toBeGreaterThanOrEqual(restingHeartrateBpm - 3);
      expect(Math.max(...heartrate)).toBeLessThanOrEqual(maxHeartrateBpm);
    }
    const averageHeartrate = (kind: string) => {
      const rides = ofSport('Ride').filter(({ record }) => record.plan.workout.kind === kind);
      return rides.reduce((sum, { stats }) => sum + stats.whole.maxHeartrate!, 0) / rides.length;
    };
    expect(averageHeartrate('vo2max')).toBeGreaterThan(averageHeartrate('recovery') + 10);
  });

  it('records one sample a second for the whole elapsed time, distance consistent with speed', () => {
    const check = (streams: SimStreams, stats: ActivityStats) => {
      expect(streams.length - 1).toBe(stats.whole.elapsedTimeS);
      expect(stats.whole.movingTimeS).toBeLessThanOrEqual(stats.whole.elapsedTimeS);
      if (!streams.distanceM || !streams.velocityMps) return;
      let worstMismatchM = 0;
      for (let i = 1; i < streams.length; i += 1) {
        const step = streams.distanceM[i]! - streams.distanceM[i - 1]!;
        worstMismatchM = Math.max(worstMismatchM, Math.abs(step - streams.velocityMps[i]!));
      }
      // Distance is rounded to 0.1 m and speed to 0.01 m/s: nothing else may differ.
      expect(worstMismatchM).toBeLessThan(0.11);
      expect(stats.whole.distanceM).toBe(streams.distanceM[streams.length - 1]);
    };
    for (const sport of ['Ride', 'Run', 'Hike', 'WeightTraining']) {
      for (const { record, stats } of ofSport(sport).slice(-3)) check(store.streamsOf(record), stats);
    }
  });

  it('moves at speeds that fit the sport and the terrain', () => {
    const speedKmh = ({ stats }: { stats: ActivityStats }) => (stats.whole.distanceM / stats.whole.movingTimeS) * 3.6;
    for (const ride of ofSport('Ride').filter(({ record }) => !record.plan.trainer)) {
      expect(speedKmh(ride)).toBeGreaterThan(17);
      expect(speedKmh(ride)).toBeLessThan(38);
      // The ride ends when the loop is done: distance and loop length agree.
      expect(Math.abs(ride.stats.whole.distanceM - ride.record.plan.route!.lengthM)).toBeLessThan(20);
    }
    for (const run of ofSport('Run')) {
      expect(speedKmh(run)).toBeGreaterThan(8);
      expect(speedKmh(run)).toBeLessThan(17);
    }
    for (const hike of ofSport('Hike')) {
      expect(speedKmh(hike)).toBeGreaterThan(2);
      expect(speedKmh(hike)).toBeLessThan(6);
      expect(hike.stats.whole.elevationGainM).toBeGreaterThan(400);
    }
  });

  it('gets fitter over the months: FTP and threshold pace improve with the training load', () => {
    const first = done[0]!.record.plan.physiology;
    const last = done.at(-1)!.record.plan.physiology;
    expect(last.ftpW).toBeGreaterThan(first.ftpW * 1.03);
    expect(last.thresholdSpeedMps).toBeGreaterThan(first.thresholdSpeedMps);
    expect(athlete.fitness.ctl).toBeGreaterThan(athlete.profile.startCtl);
    // Fatigue shows: after hard days readiness drops below 1, after easy ones it rises above.
    const readiness = done.map(({ record }) => record.plan.physiology.readiness);
    expect(Math.min(...readiness)).toBeLessThan(0.99);
    expect(Math.max(...readiness)).toBeGreaterThan(1);
  });

  it('ranks run best efforts against earlier runs', () => {
    store.ensurePersonalRecords(athlete);
    const fiveKs = ofSport('Run')
      .map(({ stats }) => stats.bestEfforts.find((effort) => effort.name === '5K'))
      .filter((effort) => effort !== undefined);
    expect(fiveKs[0]!.prRank).toBe(1);
    const best = Math.min(...fiveKs.map((effort) => effort.elapsedTimeS));
    expect(fiveKs.find((effort) => effort.elapsedTimeS === best)!.prRank).toBe(1);
  });
});
