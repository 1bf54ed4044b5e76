import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { shiftDates } from '../support/strava-export.ts';
import { estimateThresholdSpeedFromEffortsMps, thresholdPaceFromSpeedSPerKm } from '../../src/metrics/threshold-pace.ts';
import { exportRunTcx, powerRide, sameRun } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('training metrics on %s', (kind) => {
  const setup = useKairoWithSim(kind);
  let sim: RunningStravaSim;
  let server: TestKairo;
  beforeAll(() => {
    ({ sim, server } = setup);
  });

  it('computes the metrics of an uploaded power ride and serves its exact power curve', async () => {
    const browser = await registerAthlete(server.url);
    const upload = await browser.upload('/api/imports', 'vector.fit', powerRide().bytes);
    await waitForJobs(server);
    const detail = await browser.get(`/api/activities/${upload.body.activity.id}`);
    const { metrics } = detail.body;
    // What the recording truly is (Kairo's own, test/support/recordings.ts), within the corpus tolerances.
    const truth = powerRide().truth;
    expect(Math.abs(metrics.averagePowerW - truth.averagePowerW!)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(metrics.normalizedPowerW - truth.normalizedPowerW!)).toBeLessThanOrEqual(truth.normalizedPowerW! * 0.01);
    expect(metrics.maxPowerW).toBe(truth.maxPowerW);
    expect(Math.abs(metrics.distanceM - truth.distanceM!)).toBeLessThanOrEqual(truth.distanceM! * 0.01);
    expect(Math.abs(metrics.averageHeartrateBpm - truth.averageHeartrateBpm!)).toBeLessThanOrEqual(1);
    expect(metrics.hrZoneSeconds).toHaveLength(5);
    // Nothing to estimate an FTP from yet: no power scores, a heart-rate based load instead.
    expect(metrics).toMatchObject({ ftpW: null, ftpSource: 'none', intensityFactor: null, tss: null, powerZoneSeconds: null });
    expect(metrics.trainingLoad).toBeGreaterThan(0);
    expect(metrics.trainingLoadMethod).toMatch(/heartRate|estimate/);

    const curve = await browser.get(`/api/activities/${upload.body.activity.id}/power-curve`);
    expect(curve.status).toBe(200);
    expect(curve.body.durationsS[0]).toBe(1);
    expect(curve.body.durationsS).toHaveLength(curve.body.watts.length);
    expect(curve.body.durationsS.length).toBeGreaterThanOrEqual(truth.movingTimeS - 1);
    expect(curve.body.watts[0]).toBe(truth.maxPowerW);

    const run = await browser.upload('/api/imports', 'run.fit', sameRun('fit').bytes);
    await waitForJobs(server);
    const noPower = await browser.get(`/api/activities/${run.body.activity.id}/power-curve`);
    expect(noPower.status).toBe(404);
    expect(noPower.body).toEqual({ message: 'This activity has no power data' });

    const stranger = await registerAthlete(server.url);
    expect((await stranger.get(`/api/activities/${upload.body.activity.id}/power-curve`)).status).toBe(404);
  });

  it("scores a synced history against the athlete's own estimated FTP and tracks fitness", async () => {
    const athlete = sim.control.createAthlete({ historyDays: 70 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server, 90_000);

    const list = (await browser.get('/api/activities?limit=200')).body as { id: string; sportType: string; deviceWatts: boolean }[];
    const rides = list.filter((activity) => activity.sportType === 'Ride' && activity.deviceWatts);
    expect(rides.length).toBeGreaterThan(5);
    const latestRide = (await browser.get(`/api/activities/${rides[0]!.id}`)).body.metrics;
    expect(latestRide.ftpSource).toBe('estimate');
    // The estimate comes from the athlete's own rides: near the simulated athlete's real FTP.
    expect(latestRide.ftpW).toBeGreaterThan(athlete.ftpW * 0.75);
    expect(latestRide.ftpW).toBeLessThan(athlete.ftpW * 1.15);
    expect(latestRide.tss).toBeGreaterThan(0);
    expect(latestRide.trainingLoadMethod).toBe('power');
    expect(latestRide.powerZoneSeconds).toHaveLength(7);

    const fitness = await browser.get('/api/fitness?days=30');
    expect(fitness.status).toBe(200);
    expect(fitness.body).toHaveLength(30);
    expect(fitness.body.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    const last = fitness.body.at(-1);
    expect(last.ctl).toBeGreaterThan(10);
    expect(fitness.body.reduce((sum: number, day: { load: number }) => sum + day.load, 0)).toBeGreaterThan(0);

    const invalid = await browser.get('/api/fitness?days=0');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'days must be between 1 and 730' });
  }, 120_000);

  it("scores a run with rTSS against the threshold pace its predecessors' best efforts imply", async () => {
    const browser = await registerAthlete(server.url);
    const tcx = exportRunTcx().bytes.toString('utf8');
    const first = await browser.upload('/api/imports', 'first.tcx', Buffer.from(tcx));
    expect(first.status).toBe(201);
    await waitForJobs(server);
    const firstMetrics = (await browser.get(`/api/activities/${first.body.activity.id}`)).body.metrics;
    // The first run has nothing before it to read a threshold pace from.
    expect(firstMetrics).toMatchObject({ thresholdPaceSPerKm: null, thresholdPaceSource: 'none', rTss: null });
    expect(firstMetrics.bestEfforts.length).toBeGreaterThan(1);

    // The same run two days later, recorded without a heart-rate strap: no hrTSS, so rTSS is its load.
    const withoutHeartRate = shiftDates(tcx, 2).replace(/<HeartRateBpm>\s*<Value>\d+<\/Value>\s*<\/HeartRateBpm>/g, '');
    const second = await browser.upload('/api/imports', 'second.tcx', Buffer.from(withoutHeartRate));
    expect(second.status).toBe(201);
    await waitForJobs(server);
    const metrics = (await browser.get(`/api/activities/${second.body.activity.id}`)).body.metrics;
    const thresholdPaceSPerKm = thresholdPaceFromSpeedSPerKm(estimateThresholdSpeedFromEffortsMps(firstMetrics.bestEfforts)!);
    expect(metrics).toMatchObject({ thresholdPaceSPerKm, thresholdPaceSource: 'estimate', thresholdSources: ['file'], hrTss: null });
    expect(metrics.averageHeartrateBpm).toBeNull();
    expect(metrics.rTss).toBeGreaterThan(0);
    expect(metrics).toMatchObject({ trainingLoadMethod: 'pace', trainingLoad: metrics.rTss });
    // rTSS = hours × IF² × 100: 16 hard minutes run a little faster than the pace held for an hour.
    const intensityFactor = Math.sqrt(metrics.rTss / (100 * (metrics.movingTimeS / 3600)));
    expect(intensityFactor).toBeGreaterThan(1);
    expect(intensityFactor).toBeLessThan(1.2);
  });
});
