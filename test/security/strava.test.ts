import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, subscribeToSimWebhooks, waitForJobs } from '../support/strava.ts';

const [kind = 'pglite'] = await testDatabaseKinds();

describe('issue 16 items 3 and 11: Strava webhooks and retried sync jobs', () => {
  const setup = useKairoWithSim(kind);
  let sim: RunningStravaSim;
  let server: TestKairo;

  beforeAll(async () => {
    ({ sim, server } = setup);
    expect((await subscribeToSimWebhooks(sim, server.url)).status).toBe(201);
  });

  it('item 3: a forged update webhook changes nothing; what Strava says is applied', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 7 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    const target = sim.control.activities(athlete.id)[0] as { id: number; name: string };
    const list = (await browser.get('/api/activities?limit=200')).body as { id: string; stravaActivityId: string | null }[];
    const kairoId = list.find((activity) => activity.stravaActivityId === String(target.id))?.id;
    const before = (await browser.get(`/api/activities/${kairoId}`)).body;
    expect(before.name).toBe(target.name);

    const forged = {
      object_type: 'activity',
      object_id: target.id,
      aspect_type: 'update',
      owner_id: athlete.id,
      subscription_id: 1,
      event_time: Math.floor(Date.now() / 1000),
      updates: { title: 'x'.repeat(900), type: 'NotASport\u202e' },
    };
    const anyone = createClient(server.url, { origin: null });
    expect((await anyone.post('/api/webhooks/strava', forged)).status).toBe(200);
    await waitForJobs(server);
    const after = (await browser.get(`/api/activities/${kairoId}`)).body;
    expect(after.name).toBe(before.name);
    expect(after.sportType).toBe(before.sportType);

    const oversized = await anyone.post('/api/webhooks/strava', { ...forged, updates: { title: 'y'.repeat(900_000) } });
    expect(oversized.status).toBe(413);
    const tooLongField = await anyone.post('/api/webhooks/strava', { ...forged, updates: { title: 'z'.repeat(3_000) } });
    expect(tooLongField.status).toBe(400);

    // The real thing: Strava renames it, and its event brings the new name in.
    sim.control.updateActivity(target.id, { name: 'Renamed at Strava' });
    await sim.control.webhooks.settled();
    await waitForJobs(server);
    expect((await browser.get(`/api/activities/${kairoId}`)).body.name).toBe('Renamed at Strava');
  });

  it('item 11: a detail job retried after a stream fault does not fetch the stored detail again', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 14 });
    const browser = await registerAthlete(server.url);
    sim.control.requests.reset();
    // Every activity's first streams request fails: each detail job is retried once.
    const expected = sim.control.activities(athlete.id).length;
    sim.control.faults.failNext({ status: 503, path: /\/streams$/, count: expected });
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);

    expect((await browser.get('/api/activities?limit=200')).body).toHaveLength(expected);
    const counts = sim.control.requests.counts();
    expect(counts['GET /api/v3/activities/:id']).toBe(expected);
    const detail = (await browser.get('/api/activities?limit=1')).body[0];
    expect((await browser.get(`/api/activities/${detail.id}`)).body.hasStreams).toBe(true);
  });
});
