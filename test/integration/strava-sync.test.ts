import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { createTokenCipher } from '../../src/server/security/token-cipher.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { WEBHOOK_VERIFY_TOKEN, connectStrava, subscribeToSimWebhooks, registerAthlete, waitFor, waitForJobs } from '../support/strava.ts';
import { trainerRide } from '../support/recordings.ts';
import { stravaStatus, type StravaStatus } from '../../src/shared/api/strava.ts';

const kinds = await testDatabaseKinds();

async function activityCount(browser: TestClient): Promise<number> {
  const list = await browser.get('/api/activities?limit=200');
  expect(list.status).toBe(200);
  return list.body.length;
}

describe.each(kinds)('Strava connection and sync on %s', (kind) => {
  const setup = useKairoWithSim(kind);
  let sim: RunningStravaSim;
  let server: TestKairo;

  beforeAll(async () => {
    ({ sim, server } = setup);
    const subscription = await subscribeToSimWebhooks(sim, server.url);
    expect(subscription.status).toBe(201);
  });

  it('connects, backfills every activity with detail and streams, within two requests per activity', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 42 });
    const browser = await registerAthlete(server.url);
    sim.control.requests.reset();
    expect(await connectStrava(browser, sim, athlete.id)).toBe('/strava-success');
    await waitForJobs(server);

    const expected = sim.control.activities(athlete.id).length;
    expect(expected).toBeGreaterThan(20);
    expect(await activityCount(browser)).toBe(expected);

    const counts = sim.control.requests.counts();
    const details = counts['GET /api/v3/activities/:id'] ?? 0;
    const streams = counts['GET /api/v3/activities/:id/streams'] ?? 0;
    const pages = counts['GET /api/v3/athlete/activities'] ?? 0;
    expect(details).toBe(expected);
    expect(streams).toBe(expected);
    expect(pages).toBeLessThanOrEqual(Math.ceil(expected / 200) + 1);

    const [first] = (await browser.get('/api/activities?limit=1')).body;
    const detail = await browser.get(`/api/activities/${first.id}`);
    expect(detail.body).toMatchObject({ source: 'strava', hasStreams: true, stravaActivityId: expect.stringMatching(/^\d+$/) });
    // One figure for each thing: the summary shows what the cleaned streams give, like the metrics.
    expect(detail.body.metrics.averageHeartrateBpm).not.toBeNull();
    expect(detail.body.averageHeartrate).toBe(detail.body.metrics.averageHeartrateBpm);
    expect(detail.body.maxHeartrate).toBe(detail.body.metrics.maxHeartrateBpm);
    expect(detail.body.dataQuality).toMatchObject({ powerSpikesRemoved: 0, truncatedRecoveredS: null });
    expect((await browser.get('/api/strava/status')).body).toMatchObject({ connected: true, backfillDone: true, demo: false });

    // Tokens are stored encrypted, never as Strava issued them.
    const [row] = await server.database.handle.query<{ access_token: string }>('select access_token from strava_connections');
    expect(row?.access_token).toMatch(/^v1\./);
  });

  it('lists the same cleaned averages as the detail shows: a ride with a 21,733 W spike', async () => {
    const athlete = sim.control.createAthlete({ history: 'empty' });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    const created = sim.control.addActivity(athlete.id, { sportType: 'Ride', name: 'Glitchy meter', durationS: 3600, powerSpikeW: 21_733 });
    await sim.control.webhooks.settled();
    await waitForJobs(server);
    // Strava's own summary counts the spike.
    expect(created.max_watts).toBe(21_733);
    const stravaAverageW = created.average_watts as number;

    const [listed] = (await browser.get('/api/activities?limit=1')).body as { id: string; averageWatts: number; averageHeartrate: number }[];
    const detail = (await browser.get(`/api/activities/${listed!.id}`)).body;
    expect(detail.name).toBe('Glitchy meter');
    expect(detail.dataQuality).toMatchObject({ powerSpikesRemoved: 1 });
    expect(detail.maxWatts).toBeLessThan(2500);
    expect(detail.averageWatts).toBe(detail.metrics.averagePowerW);
    expect(detail.averageWatts).toBeLessThan(stravaAverageW - 3);
    // One figure for each thing: the list reads the same stored, cleaned values as the detail.
    expect(listed!.averageWatts).toBe(detail.averageWatts);
    expect(listed!.averageHeartrate).toBe(detail.averageHeartrate);
    expect(listed!.averageHeartrate).toBe(detail.metrics.averageHeartrateBpm);
    // A page past the first (the JSON the database writes) says the same.
    const later = (await browser.get(`/api/activities?limit=1&before=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`)).body;
    expect(later[0]).toMatchObject({ id: listed!.id, averageWatts: detail.averageWatts, averageHeartrate: detail.averageHeartrate });
  });

  it('follows webhooks: create, rename, delete; ignores duplicates and forged deletions', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 7 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    const before = await activityCount(browser);

    const created = sim.control.addActivity(athlete.id, { sportType: 'Ride', name: 'Lunch loop' });
    await sim.control.webhooks.settled();
    await waitForJobs(server);
    expect(await activityCount(browser)).toBe(before + 1);

    sim.control.updateActivity(created.id as number, { name: 'Lunch loop with hills' });
    await sim.control.webhooks.settled();
    await waitForJobs(server);
    const names = (await browser.get('/api/activities?limit=200')).body.map((a: { name: string }) => a.name);
    expect(names).toContain('Lunch loop with hills');

    // A replayed event is accepted but not processed again; a forged delete is checked with Strava.
    // Its target is any other activity: one of the history that ended after the new one started is
    // listed before it (the fresh-clone CI ran at such an hour), and a forged delete of the new one
    // in the same second as its real delete below would be the same event, taken for a replay.
    const keep = (sim.control.activities(athlete.id) as { id: number }[]).find((activity) => activity.id !== created.id)!;
    const forged = {
      object_type: 'activity',
      object_id: keep.id,
      aspect_type: 'delete',
      owner_id: athlete.id,
      subscription_id: 1,
      event_time: Math.floor(Date.now() / 1000),
    };
    for (let i = 0; i < 2; i += 1) {
      const answer = await createClient(server.url, { origin: null }).post('/api/webhooks/strava', forged);
      expect(answer.status).toBe(200);
    }
    await waitForJobs(server);
    expect(await activityCount(browser)).toBe(before + 1);

    sim.control.deleteActivity(created.id as number);
    await sim.control.webhooks.settled();
    await waitForJobs(server);
    expect(await activityCount(browser)).toBe(before);
  });

  it('deletes the Strava data of an athlete who deauthorizes at Strava, keeping their own uploads', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 7 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    expect(await activityCount(browser)).toBeGreaterThan(0);
    const upload = await browser.upload('/api/imports', 'own-ride.fit', trainerRide().bytes);
    expect(upload.status).toBe(201);

    sim.control.deauthorizeAthlete(athlete.id);
    await sim.control.webhooks.settled();
    await waitForJobs(server);
    const left = (await browser.get('/api/activities?limit=200')).body;
    expect(left.map((activity: { source: string }) => activity.source)).toEqual(['file']);
    expect((await browser.get('/api/strava/status')).body.connected).toBe(false);
  });

  it('disconnects on request: revokes the grant at Strava and deletes Strava-sourced rows', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 7 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    const disconnected = await browser.post('/api/auth/logout/strava');
    expect(disconnected.status).toBe(200);
    expect(disconnected.body).toEqual({ message: 'Account disconnected successfully' });
    expect(await activityCount(browser)).toBe(0);
    expect(sim.control.requests.list({ path: '/oauth/revoke', status: 200 }).length).toBeGreaterThan(0);
    expect(sim.control.requests.list({ path: '/oauth/deauthorize' })).toHaveLength(0);
    expect((await browser.post('/api/auth/logout/strava')).status).toBe(404);
  });

  it('links one Strava athlete to one Kairo account only', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 1 });
    await connectStrava(await registerAthlete(server.url), sim, athlete.id);
    const second = await registerAthlete(server.url);
    expect(await connectStrava(second, sim, athlete.id)).toBe('/?strava_error=taken');
    expect((await second.get('/api/strava/status')).body.connected).toBe(false);
  });

  it('refreshes an access token Strava no longer accepts and carries on', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 3 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    const [before] = await server.database.handle.query<{ access_token: string }>(
      'select access_token from strava_connections where strava_id = $1',
      [String(athlete.id)],
    );
    sim.control.expireAthleteTokens(athlete.id);
    sim.control.addActivity(athlete.id, { sportType: 'Run', name: 'After the refresh' });
    expect((await browser.post('/api/force-sync')).status).toBe(200);
    await waitForJobs(server);
    const names = (await browser.get('/api/activities?limit=200')).body.map((activity: { name: string }) => activity.name);
    expect(names).toContain('After the refresh');
    const [after] = await server.database.handle.query<{ access_token: string }>(
      'select access_token from strava_connections where strava_id = $1',
      [String(athlete.id)],
    );
    expect(after!.access_token).not.toBe(before!.access_token);
    expect((await browser.get('/api/strava/status')).body.status).toBe('connected');
  });

  it('marks the connection broken when Strava refuses the refresh token, losing nothing', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 7 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    const count = await activityCount(browser);

    // Strava revokes both tokens on its side, with no webhook: Kairo must find out by itself.
    const cipher = createTokenCipher(Buffer.from(server.secrets.TOKEN_ENCRYPTION_KEY, 'base64'));
    const [tokens] = await server.database.handle.query<{ access_token: string; refresh_token: string }>(
      'select access_token, refresh_token from strava_connections where strava_id = $1',
      [String(athlete.id)],
    );
    sim.control.expireAccessToken(cipher.decrypt(tokens!.access_token));
    expect(sim.control.revokeRefreshToken(cipher.decrypt(tokens!.refresh_token))).toBe(true);

    expect((await browser.post('/api/force-sync')).status).toBe(200);
    await waitForJobs(server);
    expect((await browser.get('/api/strava/status')).body).toMatchObject({ connected: false, status: 'broken' });
    expect(await activityCount(browser)).toBe(count);
    const again = await browser.post('/api/force-sync');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Reconnect Strava to sync again.' });

    // Reconnecting repairs it.
    await connectStrava(browser, sim, athlete.id);
    expect((await browser.get('/api/strava/status')).body).toMatchObject({ connected: true, status: 'connected' });
  });

  it('signs a signed-out browser in to the account its Strava athlete is linked to', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 1 });
    const owner = await registerAthlete(server.url);
    await connectStrava(owner, sim, athlete.id);
    const ownerEmail = (await owner.get('/api/auth/user')).body.email;

    const visitor = createClient(server.url);
    expect(await connectStrava(visitor, sim, athlete.id)).toBe('/');
    expect((await visitor.get('/api/auth/user')).body.email).toBe(ownerEmail);

    const stranger = sim.control.createAthlete({ historyDays: 1, history: 'empty' });
    const unknown = createClient(server.url);
    expect(await connectStrava(unknown, sim, stranger.id)).toBe('/login?error=strava-unlinked');
    expect((await unknown.get('/api/auth/user')).status).toBe(401);
    const fetched = await createClient(server.url).get('/api/auth/strava');
    expect(fetched.body.authUrl).toMatch(/\/oauth\/authorize\?client_id=4242&/);
  });

  it('rejects webhook verification with the wrong token and malformed events', async () => {
    const client = createClient(server.url, { origin: null });
    const bad = await client.get('/api/webhooks/strava?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=wrong');
    expect(bad.status).toBe(403);
    const good = await client.get(`/api/webhooks/strava?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=${WEBHOOK_VERIFY_TOKEN}`);
    expect(good.body).toEqual({ 'hub.challenge': 'abc' });
    expect((await client.post('/api/webhooks/strava', { hello: 'world' })).status).toBe(400);
  });

  it('refuses force-sync without a connection and queues it with one', async () => {
    const browser = await registerAthlete(server.url);
    const refused = await browser.post('/api/force-sync');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Connect Strava before syncing.' });
    const athlete = sim.control.createAthlete({ historyDays: 3 });
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    const added = sim.control.addActivity(athlete.id, { sportType: 'Run' });
    expect(added.id).toBeDefined();
    // Even without the webhook (it also arrives), a force sync fetches the new activity.
    expect((await browser.post('/api/force-sync')).status).toBe(200);
    await waitFor(() => activityCount(browser), (count) => count === sim.control.activities(athlete.id).length);
  });
});

describe.each(kinds)("Strava's rate limits on %s", (kind) => {
  // Strava's windows shrunk to 2 s (the simulator and Kairo agree on the length, as with Strava):
  // a backfill still needs several of them, and each window's 20 reads take a small part of it.
  const setup = useKairoWithSim(kind, { limits: { shortWindowS: 2, readShortLimit: 20, overallShortLimit: 30 } });
  let sim: RunningStravaSim;
  let server: TestKairo;
  beforeAll(() => {
    ({ sim, server } = setup);
  });

  it('spreads a backfill over the windows without ever going over the limit, saying how far it has come', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 21 });
    const browser = await registerAthlete(server.url);
    sim.control.requests.reset();
    await connectStrava(browser, sim, athlete.id);
    // The progress Home shows ("312 of 1,204 activities"), looked at as Home polls it while the windows pace the sync.
    const seen: StravaStatus[] = [];
    const drained = waitForJobs(server, 90_000).then(() => true);
    let finished = false;
    void drained.then(() => (finished = true));
    while (!finished) {
      seen.push(stravaStatus.parse((await browser.get('/api/strava/status')).body));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await drained;
    const expected = sim.control.activities(athlete.id).length;
    expect(expected * 2).toBeGreaterThan(20);
    expect(await activityCount(browser)).toBe(expected);
    expect(sim.control.requests.list({ status: 429 })).toHaveLength(0);

    const progress = seen.flatMap((status) => (status.history ? [status.history] : []));
    for (const [index, history] of progress.entries()) {
      expect(history.detailed).toBeLessThanOrEqual(history.activities);
      expect(history.activities).toBeLessThanOrEqual(expected);
      if (index > 0) {
        expect(history.activities).toBeGreaterThanOrEqual(progress[index - 1]!.activities);
        expect(history.detailed).toBeGreaterThanOrEqual(progress[index - 1]!.detailed);
      }
    }
    // Part way: all listed, some details in (each window lets 20 reads through).
    expect(seen.some((status) => status.backfillDone && status.history && status.history.activities === expected && status.history.detailed > 0 && status.history.detailed < expected)).toBe(true);
    // Once the history is in and scored there is no progress left to show.
    expect(stravaStatus.parse((await browser.get('/api/strava/status')).body)).toMatchObject({ backfillDone: true, history: null });
  }, 120_000);
});

describe.each(kinds)('A 429 storm and Strava outages on %s', (kind) => {
  // Each 429 closes Strava's window until it resets: 1 s windows, so the storm's many waits for
  // the next window stay short. A 429 of Strava's own is one more the sync must ride out.
  const setup = useKairoWithSim(kind, { limits: { shortWindowS: 1, readShortLimit: 20, overallShortLimit: 30 } });
  let sim: RunningStravaSim;
  let server: TestKairo;
  beforeAll(() => {
    ({ sim, server } = setup);
  });

  it('rides out a 429 storm and Strava outages: the sync completes later with nothing lost', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 21 });
    const browser = await registerAthlete(server.url);
    sim.control.requests.reset();
    sim.control.faults.failNext({ status: 429, count: 15, path: '/api/v3/activities' });
    sim.control.faults.failNext({ status: 503, count: 5, path: '/api/v3/activities' });
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server, 90_000);
    expect(await activityCount(browser)).toBe(sim.control.activities(athlete.id).length);
    const failures = sim.control.requests.list({ status: 429 }).length + sim.control.requests.list({ status: 503 }).length;
    expect(failures).toBeGreaterThanOrEqual(20);
  }, 120_000);
});
