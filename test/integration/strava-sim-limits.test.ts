import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itWithFixtures } from '../support/fixture-suites.ts';
import { STRAVA_RATE_LIMITS } from '../../tools/strava-sim/rate-limit.ts';
import { api, CLIENT, connect, startTestSim, stravaFixture, type Connection, type TestSim } from '../support/strava-sim.ts';

describe('strava-sim rate limits and injected faults', () => {
  let sim: TestSim;
  let connection: Connection;

  beforeAll(async () => {
    sim = await startTestSim();
    connection = await connect(sim, 'read,activity:read_all,activity:write', sim.control.createAthlete({ history: 'empty' }).id);
    sim.control.addActivity(connection.athleteId, { sportType: 'Run', durationS: 1800 });
  });
  beforeEach(() => {
    sim.control.rateLimits.configure(STRAVA_RATE_LIMITS);
    sim.control.rateLimits.reset();
    sim.control.faults.clear();
    sim.control.requests.reset();
  });
  afterAll(async () => {
    await sim?.close();
  });

  const get = (path: string) => api(sim, connection.accessToken, path);

  it("sends Strava's rate-limit headers with real per-application accounting", async () => {
    const first = await get('/athlete');
    expect(first.headers.get('x-ratelimit-limit')).toBe('200,2000');
    expect(first.headers.get('x-ratelimit-usage')).toBe('1,1');
    expect(first.headers.get('x-readratelimit-limit')).toBe('100,1000');
    expect(first.headers.get('x-readratelimit-usage')).toBe('1,1');
    const [activity] = sim.control.activities(connection.athleteId);
    const put = await api(sim, connection.accessToken, `/activities/${activity!.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'hello' }),
    });
    // A write counts against the overall limit only.
    expect(put.headers.get('x-ratelimit-usage')).toBe('2,2');
    expect(put.headers.get('x-readratelimit-usage')).toBe('1,1');
    expect(sim.control.rateLimits.usage(CLIENT.clientId)).toEqual({ overallShort: 2, overallLong: 2, readShort: 1, readLong: 1 });
  });

  it('refuses with 429 once over the (shrunk) limit, and counts again in the next window', async () => {
    sim.control.rateLimits.configure({ readShortLimit: 3, shortWindowS: 60 });
    // Align the clock to the start of a window so the test cannot straddle two.
    sim.advance(60_000 - (sim.control.now() % 60_000));
    for (let i = 1; i <= 3; i += 1) expect((await get('/athlete')).status).toBe(200);
    const refused = await get('/athlete');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429, message: 'Too Many Requests' });
    expect(refused.headers.get('x-readratelimit-usage')).toBe('3,3');
    expect(refused.headers.get('x-readratelimit-limit')).toBe('3,1000');
    sim.advance(60_000);
    const next = await get('/athlete');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-readratelimit-usage')).toBe('1,4');
  });

  itWithFixtures("answers 429 with the body Strava recorded: an odd one, its `errors` a string", async () => {
    sim.control.faults.failNext({ status: 429, count: 1, path: '/api/v3/athlete' });
    expect((await get('/athlete')).body).toEqual(stravaFixture('error_429_rate_limit.json'));
  });

  it('aligns the 15-minute window to the quarter hour and the daily one to midnight UTC', async () => {
    sim.advance(900_000 - (sim.control.now() % 900_000) - 1000);
    await get('/athlete');
    await get('/athlete');
    sim.advance(1000);
    const next = await get('/athlete');
    expect(next.headers.get('x-ratelimit-usage')).toBe('1,3');
  });

  it('never refuses with limits disabled, but still counts', async () => {
    sim.control.rateLimits.configure({ enabled: false, readShortLimit: 1 });
    for (let i = 0; i < 3; i += 1) expect((await get('/athlete')).status).toBe(200);
    expect(sim.control.rateLimits.usage(CLIENT.clientId).readShort).toBe(3);
  });

  it('injects 429s with Strava\'s body and headers for the next N matching requests', async () => {
    sim.control.faults.failNext({ status: 429, count: 2, path: '/api/v3/athlete/activities' });
    const first = await get('/athlete/activities');
    expect(first.status).toBe(429);
    expect(first.body).toMatchObject({ status: 429, message: 'Too Many Requests' });
    expect(first.headers.get('x-ratelimit-usage')).toBe('200,200');
    expect((await get('/athlete')).status).toBe(200);
    expect((await get('/athlete/activities')).status).toBe(429);
    expect((await get('/athlete/activities')).status).toBe(200);
  });

  it('injects 5xx and slow answers', async () => {
    sim.control.faults.failNext({ status: 503, method: 'GET', path: /\/streams$/ });
    const [activity] = sim.control.activities(connection.athleteId);
    const failed = await get(`/activities/${activity!.id}/streams`);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: 'Service Unavailable', errors: [] });
    expect((await get(`/activities/${activity!.id}/streams`)).status).toBe(200);

    sim.control.faults.delay({ delayMs: 400, count: 1, path: '/api/v3/athlete' });
    const startedAt = performance.now();
    expect((await get('/athlete')).status).toBe(200);
    const delayedMs = performance.now() - startedAt;
    expect(delayedMs).toBeGreaterThanOrEqual(390);
    // Only the next request was delayed.
    const quickAt = performance.now();
    await get('/athlete');
    expect(performance.now() - quickAt).toBeLessThan(delayedMs - 200);
  });

  it('counts requests per endpoint and per activity', async () => {
    const [activity] = sim.control.activities(connection.athleteId);
    await get(`/activities/${activity!.id}`);
    await get(`/activities/${activity!.id}/streams?keys=watts`);
    await get(`/activities/${activity!.id}/streams?keys=heartrate`);
    await get('/athlete/activities?page=1');
    expect(sim.control.requests.counts()).toEqual({
      'GET /api/v3/activities/:id': 1,
      'GET /api/v3/activities/:id/streams': 2,
      'GET /api/v3/athlete/activities': 1,
    });
    const forActivity = sim.control.requests.list({ path: `/api/v3/activities/${activity!.id}/streams` });
    expect(forActivity).toHaveLength(2);
    expect(forActivity[0]).toMatchObject({ method: 'GET', status: 200, clientId: CLIENT.clientId, athleteId: connection.athleteId, query: 'keys=watts' });
  });
});
