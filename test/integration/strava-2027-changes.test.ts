import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { SIM_CLIENT, connectStrava, registerAthlete, startSimForKairo, waitFor, waitForJobs } from '../support/strava.ts';

/**
 * Strava's announced changes (issue 27, ADR 0067) against the simulator: the API at an address of
 * its own (STRAVA_API_URL, here the simulator's 2027 path, which refuses tokens in the address),
 * /oauth/revoke on disconnecting, an Inactive app pausing the sync without losing anything, and
 * the athlete cap refusing a new athlete with a message of its own.
 */

const kinds = await testDatabaseKinds();
const METRICS_TOKEN = 'scrape-strava-refusals-0123456789abcdef';
const PAUSED_MESSAGE = "Strava has paused this Kairo's access to Strava. Your data is safe; syncing resumes when the operator fixes it.";

async function startAgainst2027(kind: (typeof kinds)[number]) {
  const started = await startSimForKairo();
  const env = { ...started.env, STRAVA_API_URL: `${started.sim.baseUrl}/api-v3`, METRICS_TOKEN };
  return { sim: started.sim, env, server: await startTestKairo(kind, env) };
}

async function metric(url: string, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((row) => row.startsWith(`${name}{`) && wanted.every((label) => row.includes(label)));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

async function stravaActivityCount(browser: TestClient): Promise<number> {
  const list = await browser.get('/api/activities?limit=200');
  expect(list.status).toBe(200);
  return (list.body as { source: string }[]).filter((activity) => activity.source === 'strava').length;
}

describe('STRAVA_API_URL', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/kairo-config-only', SESSION_SECRET: 'x'.repeat(32), TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };

  it("defaults to the API below STRAVA_BASE_URL, today's https://www.strava.com/api/v3", () => {
    expect(loadConfig({ ...base, STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me-please' }).strava.apiUrl).toBe('https://www.strava.com/api/v3');
    const config = loadConfig({ ...base, STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me-please', STRAVA_BASE_URL: 'http://127.0.0.1:4400/' });
    expect(config.strava).toMatchObject({ baseUrl: 'http://127.0.0.1:4400', apiUrl: 'http://127.0.0.1:4400/api/v3' });
  });

  it('is a setting of its own, apart from the OAuth pages', () => {
    const config = loadConfig({ ...base, STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me-please', STRAVA_API_URL: 'https://api-v3.strava.com/' });
    expect(config.strava).toMatchObject({ baseUrl: 'https://www.strava.com', apiUrl: 'https://api-v3.strava.com' });
  });

  it('refuses an address that is not http(s) or carries a query', () => {
    for (const value of ['api-v3.strava.com', 'ftp://api-v3.strava.com', 'https://api-v3.strava.com/?access_token=abc']) {
      expect(() => loadConfig({ ...base, STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me-please', STRAVA_API_URL: value }), value).toThrow(/STRAVA_API_URL/);
    }
  });
});

describe.each(kinds)('Strava at its 2027 address on %s', (kind) => {
  let sim: RunningStravaSim;
  let server: TestKairo;

  beforeAll(async () => {
    ({ sim, server } = await startAgainst2027(kind));
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  it('syncs through STRAVA_API_URL with the token in the Authorization header only', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 14 });
    const browser = await registerAthlete(server.url);
    sim.control.requests.reset();
    expect(await connectStrava(browser, sim, athlete.id)).toBe('/strava-success');
    await waitForJobs(server);

    expect(await stravaActivityCount(browser)).toBe(sim.control.activities(athlete.id).length);
    const requests = sim.control.requests.list({ athleteId: athlete.id });
    const apiRequests = requests.filter((request) => !request.path.startsWith('/oauth/'));
    expect(apiRequests.length).toBeGreaterThan(10);
    // Every API call went to the 2027 address, none to today's, and none carried the token in the address.
    expect(apiRequests.every((request) => request.path.startsWith('/api-v3/'))).toBe(true);
    expect(requests.some((request) => request.path.startsWith('/api/v3/'))).toBe(false);
    expect(requests.every((request) => !/(^|&)access_token=/.test(request.query))).toBe(true);
    expect(requests.every((request) => request.status < 400)).toBe(true);
    // OAuth stays on STRAVA_BASE_URL.
    expect(sim.control.requests.list({ path: '/oauth/token' }).length).toBeGreaterThan(0);
  });

  it('disconnects with /oauth/revoke: the grant ends at Strava and the Strava rows are deleted', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 7 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    expect(await stravaActivityCount(browser)).toBeGreaterThan(0);

    expect((await browser.post('/api/auth/logout/strava')).status).toBe(200);
    const revokes = sim.control.requests.list({ path: '/oauth/revoke' });
    expect(revokes.map((request) => request.status)).toEqual([200]);
    // The token travelled in the body, not the address.
    expect(revokes[0]!.query).toBe('');
    expect(sim.control.requests.list({ path: '/oauth/deauthorize' })).toHaveLength(0);
    // Nothing is left to revoke at Strava, nothing Strava-sourced at Kairo.
    expect(sim.control.deauthorizeAthlete(athlete.id, SIM_CLIENT.clientId)).toBe(0);
    expect(await stravaActivityCount(browser)).toBe(0);
  });
});

describe.each(kinds)('Strava says the app is Inactive on %s', (kind) => {
  let sim: RunningStravaSim;
  let server: TestKairo;
  let env: Record<string, string>;
  let restarted: Kairo | undefined;

  beforeAll(async () => {
    ({ sim, server, env } = await startAgainst2027(kind));
  });
  afterAll(async () => {
    if (restarted) {
      await restarted.close();
      await server.database.drop();
      await server.mail.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    } else {
      await server?.close();
    }
    await sim?.close();
  });

  const pauseRows = async () => server.database.handle.query<{ cause: string }>('select cause from strava_app_pause');
  const stravaQueuesIdle = async (kairo: Kairo) =>
    (await kairo.queue.stats()).filter((queue) => queue.name.startsWith('strava.')).every((queue) => queue.ready + queue.deferred + queue.active === 0);

  let browser: TestClient;
  let athleteId: number;
  let before: number;

  it('pauses the sync app-wide: a clear message, no broken connection, nothing lost, no retries; the operator gets a log line and metrics', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 10 });
    athleteId = athlete.id;
    browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    before = await stravaActivityCount(browser);
    expect(before).toBeGreaterThan(0);
    expect(await metric(server.url, 'kairo_strava_refusals_total', { cause: 'app_inactive' })).toBe(0);
    expect(await metric(server.url, 'kairo_strava_sync_paused', { cause: 'app_inactive' })).toBe(0);

    sim.control.setClientStatus(SIM_CLIENT.clientId, { inactive: true });
    sim.control.addActivity(athlete.id, { sportType: 'Run', durationS: 1800 });
    // The token is due for a refresh: the first refusal comes from the token endpoint, which
    // must not be mistaken for a revoked grant.
    await server.database.handle.query("update strava_connections set expires_at = now() - interval '1 hour'");
    expect((await browser.post('/api/force-sync')).status).toBe(200);
    await waitForJobs(server);

    const status = (await browser.get('/api/strava/status')).body;
    expect(status).toMatchObject({ connected: true, status: 'connected', syncPaused: { cause: 'app_inactive', message: PAUSED_MESSAGE } });
    expect(await stravaActivityCount(browser)).toBe(before);
    expect(await pauseRows()).toEqual([{ cause: 'app_inactive' }]);
    expect(await metric(server.url, 'kairo_strava_refusals_total', { cause: 'app_inactive' })).toBe(1);
    expect(await metric(server.url, 'kairo_strava_sync_paused', { cause: 'app_inactive' })).toBe(1);

    // Syncing waits for the operator: nothing is queued to try again, and asking answers why.
    expect(await stravaQueuesIdle(server.kairo)).toBe(true);
    sim.control.requests.reset();
    const forced = await browser.post('/api/force-sync');
    expect(forced.status).toBe(503);
    expect(forced.body.message).toBe(PAUSED_MESSAGE);
    // Writing a description to Strava says the same, without a request.
    const [listed] = (await browser.get('/api/activities?limit=1')).body as { stravaActivityId: string }[];
    const described = await browser.put(`/api/activities/${listed!.stravaActivityId}/update-description`, { description: 'Felt strong.' });
    expect(described.status).toBe(503);
    expect(described.body.message).toBe(PAUSED_MESSAGE);
    await waitForJobs(server);
    expect(sim.control.requests.list()).toHaveLength(0);
    expect((await browser.get('/api/strava/status')).body.status).toBe('connected');
  });

  it('resumes when a Strava call succeeds again (the operator fixed the app and an athlete connects): every athlete syncs', async () => {
    sim.control.setClientStatus(SIM_CLIENT.clientId, { inactive: false });
    const newcomer = sim.control.createAthlete({ historyDays: 3 });
    const second = await registerAthlete(server.url);
    expect(await connectStrava(second, sim, newcomer.id)).toBe('/strava-success');
    await waitForJobs(server);

    expect(await pauseRows()).toEqual([]);
    expect((await browser.get('/api/strava/status')).body.syncPaused).toBeNull();
    // The activity added during the pause arrived with the resumed sync.
    expect(await stravaActivityCount(browser)).toBe(before + 1);
    expect(await stravaActivityCount(second)).toBe(sim.control.activities(newcomer.id).length);
    expect(await metric(server.url, 'kairo_strava_sync_paused', { cause: 'app_inactive' })).toBe(0);
  });

  it('resumes on a restart: the pause is lifted at start and every connected athlete syncs again', async () => {
    sim.control.setClientStatus(SIM_CLIENT.clientId, { inactive: true });
    sim.control.addActivity(athleteId, { sportType: 'Ride', durationS: 3600 });
    expect((await browser.post('/api/force-sync')).status).toBe(200);
    await waitForJobs(server);
    expect(await pauseRows()).toEqual([{ cause: 'app_inactive' }]);
    expect(await stravaActivityCount(browser)).toBe(before + 1);

    // The operator moves the app to a tier that serves it and restarts Kairo.
    sim.control.setClientStatus(SIM_CLIENT.clientId, { inactive: false });
    await server.kairo.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      LOG_LEVEL: process.env.KAIRO_TEST_LOG_LEVEL ?? 'silent',
      ...server.secrets,
      MAP_TILE_URL: 'off',
      ...env,
    });
    restarted = await startKairo(config, { database: server.database.handle });
    expect(await pauseRows()).toEqual([]);
    const [account] = await server.database.handle.query<{ account_id: string }>('select account_id from strava_connections where strava_id = $1', [
      String(athleteId),
    ]);
    const count = async () =>
      Number(
        (
          await server.database.handle.query<{ n: number | string }>("select count(*) as n from activities where user_id = $1 and source = 'strava'", [
            account!.account_id,
          ])
        )[0]!.n,
      );
    expect(await waitFor(count, (n) => n === before + 2)).toBe(before + 2);
    await restarted.queue.drained([...restarted.jobs.keys()], 60_000);
  });
});

describe.each(kinds)("Strava's athlete cap on %s", (kind) => {
  let sim: RunningStravaSim;
  let server: TestKairo;

  beforeAll(async () => {
    ({ sim, server } = await startAgainst2027(kind));
    sim.control.setClientStatus(SIM_CLIENT.clientId, { athleteLimit: 2 });
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  it('tells the athlete beyond the cap why, counts it for the operator, and leaves everyone else syncing', async () => {
    const browsers: TestClient[] = [];
    for (let index = 0; index < 2; index += 1) {
      const browser = await registerAthlete(server.url);
      expect(await connectStrava(browser, sim, sim.control.createAthlete({ historyDays: 3 }).id)).toBe('/strava-success');
      browsers.push(browser);
    }
    await waitForJobs(server);

    const third = await registerAthlete(server.url);
    expect(await connectStrava(third, sim, sim.control.createAthlete({ historyDays: 3 }).id)).toBe('/?strava_error=athlete-limit');
    expect((await third.get('/api/strava/status')).body).toMatchObject({ connected: false, status: null, syncPaused: null });
    expect(await metric(server.url, 'kairo_strava_refusals_total', { cause: 'athlete_limit' })).toBe(1);
    expect(await metric(server.url, 'kairo_strava_sync_paused', { cause: 'app_inactive' })).toBe(0);

    // The cap refuses a newcomer, not the app: the two connected athletes sync on.
    for (const browser of browsers) {
      expect((await browser.get('/api/strava/status')).body).toMatchObject({ connected: true, syncPaused: null });
      expect((await browser.post('/api/force-sync')).status).toBe(200);
    }
    await waitForJobs(server);
    expect(await stravaActivityCount(browsers[0]!)).toBeGreaterThan(0);
  });
});
