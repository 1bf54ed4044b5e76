import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { againstRecorded } from '../support/fixture-suites.ts';
import { api, CLIENT, connect, shapeDifferences, startTestSim, startWebhookReceiver, type TestSim } from '../support/strava-sim.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function subscribe(sim: TestSim, callbackUrl: string, verifyToken = 'verify-me') {
  const response = await fetch(`${sim.baseUrl}/api/v3/push_subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, callback_url: callbackUrl, verify_token: verifyToken }),
  });
  return { status: response.status, body: await response.json() };
}

const credentials = `client_id=${CLIENT.clientId}&client_secret=${CLIENT.clientSecret}`;

describe('strava-sim push subscriptions and webhooks', () => {
  let sim: TestSim;
  let receiver: Receiver | undefined;

  beforeAll(async () => {
    sim = await startTestSim({ webhookAckTimeoutMs: 800 });
  });
  afterEach(async () => {
    for (const subscription of sim.control.webhooks.subscriptions()) {
      await fetch(`${sim.baseUrl}/api/v3/push_subscriptions/${subscription.id}?${credentials}`, { method: 'DELETE' });
    }
    await receiver?.close();
    receiver = undefined;
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('verifies the callback with hub.challenge, allows one subscription per app, lists and deletes it', async () => {
    receiver = await startWebhookReceiver();
    const created = await subscribe(sim, receiver.url);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number) });

    const duplicate = await subscribe(sim, receiver.url);
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ message: 'Bad Request', errors: [{ resource: 'PushSubscription', field: '', code: 'already exists' }] });

    const listed = await (await fetch(`${sim.baseUrl}/api/v3/push_subscriptions?${credentials}`)).json();
    expect(listed).toEqual([
      { id: created.body.id, resource_state: 2, application_id: Number(CLIENT.clientId), callback_url: receiver.url, created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
    const deleted = await fetch(`${sim.baseUrl}/api/v3/push_subscriptions/${created.body.id}?${credentials}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await (await fetch(`${sim.baseUrl}/api/v3/push_subscriptions?${credentials}`)).json()).toEqual([]);
  });

  it('refuses a callback that does not echo the challenge, or a wrong verify token, and bad credentials', async () => {
    receiver = await startWebhookReceiver({ echoChallenge: false });
    const refused = await subscribe(sim, receiver.url);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ resource: 'PushSubscription', field: 'callback url' });
    await receiver.close();

    receiver = await startWebhookReceiver({ verifyToken: 'expected' });
    expect((await subscribe(sim, receiver.url, 'other')).status).toBe(400);
    const unreachable = await subscribe(sim, 'http://127.0.0.1:9/nothing-listens-here');
    expect(unreachable.status).toBe(400);
    const wrongSecret = await fetch(`${sim.baseUrl}/api/v3/push_subscriptions?client_id=${CLIENT.clientId}&client_secret=wrong`);
    expect(wrongSecret.status).toBe(401);
  });

  it('delivers create, update and delete events of activities to the subscribed app', async () => {
    receiver = await startWebhookReceiver();
    const { body: subscription } = await subscribe(sim, receiver.url);
    const athlete = sim.control.createAthlete({ history: 'empty' });
    const connection = await connect(sim, 'read,activity:read_all,activity:write', athlete.id);

    const created = sim.control.addActivity(athlete.id, { sportType: 'Ride', durationS: 3600 });
    await sim.control.webhooks.settled();
    const [createEvent] = receiver.events.map((event) => event.body);
    againstRecorded('webhook_event_activity_update.json', (recorded) => expect(Object.keys(createEvent).sort()).toEqual(Object.keys(recorded).sort()));
    // A create carries no updates; the fixture is an update of the title.
    againstRecorded('webhook_event_activity_update.json', (recorded) => expect(shapeDifferences(createEvent, recorded, '$', ['title'])).toEqual([]));
    expect(createEvent).toEqual({
      aspect_type: 'create',
      event_time: Math.floor(sim.control.now() / 1000),
      object_id: created.id,
      object_type: 'activity',
      owner_id: athlete.id,
      subscription_id: subscription.id,
      updates: {},
    });
    // The new activity is there to fetch when the event arrives.
    expect((await api(sim, connection.accessToken, `/activities/${created.id}`)).status).toBe(200);
    // One still going on is not Strava's yet: refused, nothing announced.
    const nowS = Math.floor(sim.control.now() / 1000);
    expect(() => sim.control.addActivity(athlete.id, { sportType: 'Ride', durationS: 3600, startS: nowS - 600 })).toThrow(/still be going on/);
    await sim.control.webhooks.settled();
    expect(receiver.events).toHaveLength(1);

    // A rename through the API is announced; a new description is not (Strava: title, type, private).
    await api(sim, connection.accessToken, `/activities/${created.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Messy', description: 'not announced' }),
    });
    sim.control.updateActivity(created.id as number, { private: true });
    sim.control.deleteActivity(created.id as number);
    await sim.control.webhooks.settled();
    expect(receiver.events.map((event) => [event.body.aspect_type, event.body.updates])).toEqual([
      ['create', {}],
      ['update', { title: 'Messy' }],
      ['update', { private: 'true' }],
      ['delete', {}],
    ]);
    const deliveries = sim.control.webhooks.deliveries().filter((delivery) => delivery.subscriptionId === subscription.id);
    expect(deliveries.every((delivery) => delivery.acknowledged && delivery.attempts.length === 1)).toBe(true);
  });

  it('announces a deauthorization as an athlete update with authorized "false"', async () => {
    receiver = await startWebhookReceiver();
    const { body: subscription } = await subscribe(sim, receiver.url);
    const athlete = sim.control.createAthlete({ history: 'empty' });
    await connect(sim, 'read,activity:read_all', athlete.id);
    expect(sim.control.deauthorizeAthlete(athlete.id)).toBe(1);
    await sim.control.webhooks.settled();
    expect(receiver.events.map((event) => event.body)).toEqual([
      {
        aspect_type: 'update',
        event_time: Math.floor(sim.control.now() / 1000),
        object_id: athlete.id,
        object_type: 'athlete',
        owner_id: athlete.id,
        subscription_id: subscription.id,
        updates: { authorized: 'false' },
      },
    ]);
  });

  it('retries an event that is not acknowledged in time, three attempts in all', async () => {
    receiver = await startWebhookReceiver({ answers: [{ status: 500 }, { status: 200, delayMs: 1600 }, { status: 200 }] });
    await subscribe(sim, receiver.url);
    const athlete = sim.control.createAthlete({ history: 'empty' });
    await connect(sim, 'read,activity:read_all', athlete.id);
    sim.control.addActivity(athlete.id, { sportType: 'Run', durationS: 1800 });
    await sim.control.webhooks.settled();
    const [delivery] = sim.control.webhooks.deliveries().slice(-1);
    expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([500, null, 200]);
    expect(delivery!.attempts[1]!.error).toMatch(/no answer within 800 ms/);
    expect(delivery!.acknowledged).toBe(true);
    expect(receiver.events).toHaveLength(3);
  });

  it('sends activity events only to apps the athlete authorised with an activity scope', async () => {
    receiver = await startWebhookReceiver();
    await subscribe(sim, receiver.url);
    const athlete = sim.control.createAthlete({ history: 'empty' });
    await connect(sim, 'read', athlete.id);
    sim.control.addActivity(athlete.id, { sportType: 'WeightTraining' });
    await sim.control.webhooks.settled();
    expect(receiver.events).toEqual([]);
  });
});

describe('strava-sim control over HTTP (/_sim)', () => {
  let sim: TestSim;
  beforeAll(async () => {
    sim = await startTestSim({ controlRoutes: true });
  });
  afterAll(async () => {
    await sim?.close();
  });

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sim.baseUrl}/_sim${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  it('creates athletes and activities, injects faults and reports requests', async () => {
    const athlete = await control('POST', '/athletes', { history: 'empty', seed: 3 });
    expect(athlete.status).toBe(200);
    expect(athlete.body).toMatchObject({ seed: 3, activityCount: 0 });
    const added = await control('POST', `/athletes/${athlete.body.id}/activities`, { sportType: 'Hike', durationS: 7200 });
    expect(added.body).toMatchObject({ sport_type: 'Hike', resource_state: 2 });
    expect((await control('GET', `/athletes/${athlete.body.id}/activities`)).body).toHaveLength(1);

    expect((await control('POST', '/faults', { status: 502, path: '/api/v3/athlete' })).status).toBe(204);
    const connection = await connect(sim, 'read', athlete.body.id);
    expect((await api(sim, connection.accessToken, '/athlete')).status).toBe(502);
    const requests = await control('GET', '/requests?route=/api/v3/athlete');
    expect(requests.body.counts['GET /api/v3/athlete']).toBe(1);
    expect(requests.body.requests[0]).toMatchObject({ status: 502 });
    // Control routes are not Strava: not logged, not subject to faults.
    expect(Object.keys(requests.body.counts).some((key) => key.includes('_sim'))).toBe(false);

    const invalid = await control('POST', '/athletes', { history: 'someday' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('history');
    expect((await control('PATCH', '/rate-limits', { readShortLimit: 5 })).body.readShortLimit).toBe(5);
  });
});
