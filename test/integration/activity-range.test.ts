import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRange } from '../../src/shared/api/activity-range.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { signUp, startTestKairo, uniqueEmail, type TestKairo } from '../support/kairo.ts';
import { hikeGpx, trainerIntervals } from '../support/recordings.ts';
import { waitForJobs } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

async function signedIn(server: TestKairo): Promise<TestClient> {
  const browser = createClient(server.url);
  const response = await signUp(browser, { email: uniqueEmail(), password: 'correct horse', firstName: 'Ria', lastName: 'Range' });
  expect(response.status).toBe(201);
  return browser;
}

/** Plain textbook formulas, independent of src/metrics: the mean, and Coggan's NP over 30 s rolling means. */
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
function normalizedPower(watts: readonly number[]): number {
  const rolling: number[] = [];
  for (let end = 30; end <= watts.length; end++) rolling.push(mean(watts.slice(end - 30, end)));
  return mean(rolling.map((value) => value ** 4)) ** 0.25;
}

describe.each(kinds)('the figures of a stretch of an activity on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let rideId: string;
  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await signedIn(server);
    const upload = await athlete.upload('/api/imports', 'trainer.fit', trainerIntervals().bytes);
    expect(upload.status).toBe(201);
    rideId = upload.body.activity.id as string;
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    [300, 1200],
    [420, 1000],
    [0, 61],
  ])("a stretch %i–%i s: its average power and NP equal the plain formulas over the stream's samples", async (from, to) => {
    const streams = (await athlete.get(`/api/activities/${rideId}/streams`)).body as {
      timeS: number[];
      powerW: (number | null)[];
      heartrateBpm: number[];
    };
    const inside = streams.timeS.flatMap((timeS, k) => (timeS >= from && timeS < to ? [k] : []));
    // The recording is one sample a second without gaps, so its samples are the stretch's seconds.
    expect(inside).toHaveLength(to - from);
    expect(inside.every((k, n) => streams.timeS[k] === from + n)).toBe(true);
    // The recording has short power dropouts (a missed packet): a second without a reading between two
    // readings at most 3 s apart is the straight line between them, as any power software bridges it.
    const watts = inside.map((k) => {
      const reading = streams.powerW[k];
      if (reading !== null && reading !== undefined) return reading;
      let before = k - 1;
      while (streams.powerW[before] === null) before--;
      let after = k + 1;
      while (streams.powerW[after] === null) after++;
      expect(after - before).toBeLessThanOrEqual(3);
      return streams.powerW[before]! + ((streams.powerW[after]! - streams.powerW[before]!) * (k - before)) / (after - before);
    });
    expect(inside.some((k) => streams.powerW[k] === null)).toBe(from > 0);
    const response = await athlete.get(`/api/activities/${rideId}/range?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    const range = activityRange.parse(response.body);
    expect(range).toMatchObject({ fromS: from, toS: to, durationS: to - from });
    expect(Math.abs(range.averagePowerW! - mean(watts))).toBeLessThan(0.5);
    expect(Math.abs(range.normalizedPowerW! - normalizedPower(watts))).toBeLessThan(0.5);
    expect(Math.abs(range.averageHeartrateBpm! - mean(inside.map((k) => streams.heartrateBpm[k]!)))).toBeLessThan(0.5);
    // An indoor ride recorded no altitude: no elevation gain, not 0.
    expect(range.elevationGainM).toBeNull();
  });

  it('leaves NP out under 30 s, and the figures a GPS track did not record out, never 0', async () => {
    const short = activityRange.parse((await athlete.get(`/api/activities/${rideId}/range?from=100&to=120`)).body);
    expect(short.normalizedPowerW).toBeNull();
    expect(short.averagePowerW).toBeGreaterThan(0);

    const upload = await athlete.upload('/api/imports', 'lake.gpx', hikeGpx().bytes);
    expect(upload.status).toBe(201);
    const hike = activityRange.parse((await athlete.get(`/api/activities/${upload.body.activity.id}/range?from=60&to=900`)).body);
    expect(hike).toMatchObject({ averagePowerW: null, normalizedPowerW: null, averageHeartrateBpm: null, maxHeartrateBpm: null });
    expect(hike.distanceM).toBeGreaterThan(0);
    expect(hike.averageSpeedMps).toBeGreaterThan(0);
    expect(hike.elevationGainM).not.toBeNull();
  });

  it('refuses a bad stretch with a message, and answers 404 for another account or no such activity', async () => {
    const refusals: [string, string][] = [
      ['from=10&to=5', '"to" must be after "from"'],
      ['from=10&to=10', '"to" must be after "from"'],
      ['from=-5&to=10', 'from must be 0 or more seconds'],
      ['from=abc&to=10', 'from must be a number of seconds'],
      ['to=10', 'from must be a number of seconds'],
      ['from=0&to=999999', "\"to\" must be at most the activity's end at"],
    ];
    for (const [query, message] of refusals) {
      const answer = await athlete.get(`/api/activities/${rideId}/range?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toContain(message);
    }
    const other = await signedIn(server);
    expect((await other.get(`/api/activities/${rideId}/range?from=0&to=60`)).status).toBe(404);
    expect((await athlete.get('/api/activities/00000000-0000-4000-8000-000000000000/range?from=0&to=60')).status).toBe(404);
    expect((await createClient(server.url).get(`/api/activities/${rideId}/range?from=0&to=60`)).status).toBe(401);
  });
});
