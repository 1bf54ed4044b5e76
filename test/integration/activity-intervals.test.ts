import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityIntervals } from '../../src/shared/api/activity-intervals.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';
import { waitForJobs } from '../support/strava.ts';
import { hikeGpx, TRAINER_INTERVAL_BLOCKS, trainerIntervals } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

async function signedIn(server: TestKairo): Promise<TestClient> {
  const browser = createClient(server.url);
  const response = await signUp(browser, { email: uniqueEmail(), password: 'correct horse', firstName: 'Lea', lastName: 'Laps' });
  expect(response.status).toBe(201);
  return browser;
}

describe.each(kinds)('laps and intervals on %s', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("an imported trainer ride's 5 laps and its 2 × 10 min, in % of the athlete's FTP; another account gets 404", async () => {
    const athlete = await signedIn(server);
    expect((await athlete.put('/api/user/settings', { athleteFtp: 260 })).status).toBe(200);
    const upload = await athlete.upload('/api/imports', 'trainer.fit', trainerIntervals().bytes);
    expect(upload.status).toBe(201);
    const id = upload.body.activity.id as string;
    await waitForJobs(server);

    const response = await athlete.get(`/api/activities/${id}/intervals`);
    expect(response.status).toBe(200);
    const body = activityIntervals.parse(response.body);
    expect(body.ftpW).toBe(260);
    expect(body.laps.map((lap) => lap.number)).toEqual([1, 2, 3, 4, 5]);
    expect(body.laps.map((lap) => Math.round(lap.durationS / 60))).toEqual([6, 10, 6, 10, 5]);
    // Each lap's average within 2 W of the power the recording was made with.
    TRAINER_INTERVAL_BLOCKS.forEach((block, index) => expect(Math.abs(body.laps[index]!.averagePowerW! - block.powerW)).toBeLessThanOrEqual(2));
    expect(body.intervals).toMatchObject({ signal: 'power', from: 'laps' });
    const work = body.intervals!.items.filter((interval) => interval.kind === 'work');
    expect(work).toHaveLength(2);
    for (const interval of work) {
      expect(interval.ftpPct).toBeCloseTo((interval.averagePowerW! / 260) * 100, 6);
      expect(interval.normalizedPowerW).toBeGreaterThan(interval.averagePowerW! - 1);
      expect(interval.averageHeartrateBpm).toBeGreaterThan(100);
      expect(interval.averageCadenceRpm).toBeGreaterThan(50);
    }

    const other = await signedIn(server);
    expect((await other.get(`/api/activities/${id}/intervals`)).status).toBe(404);
    expect((await athlete.get('/api/activities/not-a-uuid/intervals')).status).toBe(404);
  });

  it('a GPS track without laps, power or heart rate: no laps, no intervals, no % FTP', async () => {
    const athlete = await signedIn(server);
    const upload = await athlete.upload('/api/imports', 'lake.gpx', hikeGpx().bytes);
    expect(upload.status).toBe(201);
    const body = activityIntervals.parse((await athlete.get(`/api/activities/${upload.body.activity.id}/intervals`)).body);
    expect(body).toEqual({ laps: [], intervals: null, ftpW: null });
  });
});
