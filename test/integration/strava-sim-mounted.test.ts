import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStravaSim, type StravaSim } from '../../tools/strava-sim/sim.ts';
import { CLIENT, SIM_NOW_MS } from '../support/strava-sim.ts';

/**
 * Demo mode: the simulator mounted on the host app's own server under /dev/strava, so the
 * browser's OAuth redirect and the webhook callback stay on one origin.
 */
describe('strava-sim mounted in a host app under /dev/strava', () => {
  let host: FastifyInstance;
  let sim: StravaSim;
  let origin: string;
  const received: unknown[] = [];

  beforeAll(async () => {
    sim = createStravaSim({ now: () => SIM_NOW_MS, clients: [CLIENT] });
    host = Fastify();
    host.get('/health', async () => ({ ok: true }));
    host.get('/hooks/strava', async (request) => ({ 'hub.challenge': (request.query as Record<string, string>)['hub.challenge'] }));
    host.post('/hooks/strava', async (request) => {
      received.push(request.body);
      return { ok: true };
    });
    host.setNotFoundHandler((_request, reply) => reply.code(404).send({ host: 'not found' }));
    await host.register(sim.plugin, { prefix: '/dev/strava' });
    await host.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sim?.stop();
    await host?.close();
  });

  it('runs the OAuth flow and the API below the prefix, with the session cookie scoped to it', async () => {
    const authorize = await fetch(
      `${origin}/dev/strava/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(`${origin}/connect/strava/callback`)}&response_type=code&scope=read,activity:read_all&state=k`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(302);
    expect(authorize.headers.get('set-cookie')).toContain('Path=/dev/strava;');
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const token = await fetch(`${origin}/dev/strava/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code, grant_type: 'authorization_code' }),
    });
    const { access_token: accessToken, athlete } = await token.json();
    const list = await fetch(`${origin}/dev/strava/api/v3/athlete/activities?per_page=5`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(list.status).toBe(200);
    expect(await list.json()).toHaveLength(5);
    expect(sim.control.requests.counts()['GET /api/v3/athlete/activities']).toBe(1);
    expect(sim.control.athlete(athlete.id)?.activityCount).toBeGreaterThan(100);
  });

  it("leaves the host's routes and 404s alone and answers Strava's 404 below the prefix", async () => {
    expect(await (await fetch(`${origin}/health`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${origin}/elsewhere`)).json()).toEqual({ host: 'not found' });
    const missing = await fetch(`${origin}/dev/strava/api/v3/segments/1`, { headers: { authorization: 'Bearer x' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Record Not Found', errors: [{ resource: 'resource', field: 'path', code: 'invalid' }] });
  });

  it('delivers webhooks to a callback on the same server', async () => {
    const subscription = await fetch(`${origin}/dev/strava/api/v3/push_subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, callback_url: `${origin}/hooks/strava`, verify_token: 't' }),
    });
    expect(subscription.status).toBe(201);
    const [athlete] = sim.control.athletes();
    const activity = sim.control.addActivity(athlete!.id, { sportType: 'Run' });
    await sim.control.webhooks.settled();
    expect(received).toEqual([expect.objectContaining({ aspect_type: 'create', object_id: activity.id, owner_id: athlete!.id })]);
  });
});
