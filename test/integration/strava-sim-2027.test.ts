import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, connect, startTestSim, type TestSim } from '../support/strava-sim.ts';

/**
 * Strava's announced changes (issue 27, ADR 0067) as the simulator plays them: the API at its 2027
 * address (served under /api-v3) taking tokens in the Authorization header only, /oauth/revoke,
 * an Inactive application (403 on every call) and the athlete cap (the next athlete's code
 * exchange refused). The error bodies are the simulator's assumption, in Strava's usual shape.
 */

async function call(sim: TestSim, path: string, init: RequestInit = {}) {
  const response = await fetch(`${sim.baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

function form(params: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params) };
}

/** Runs the authorization as a browser would and exchanges the code; the raw token answer. */
async function authorizeAndExchange(sim: TestSim, athleteId: number) {
  sim.control.nextAuthorization({ athleteId });
  const authorize = await fetch(
    `${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent('http://127.0.0.1/callback')}&response_type=code&scope=read,activity:read_all`,
    { redirect: 'manual' },
  );
  expect(authorize.status).toBe(302);
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
  return call(sim, '/oauth/token', form({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code, grant_type: 'authorization_code' }));
}

describe('strava-sim: the 2027 API address and header-only tokens', () => {
  let sim: TestSim;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('serves the API at both addresses with a bearer token', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 7 });
    const { accessToken } = await connect(sim, 'read,activity:read_all', athlete.id);
    const today = await call(sim, '/api/v3/athlete/activities?per_page=5', bearer(accessToken));
    const next = await call(sim, '/api-v3/athlete/activities?per_page=5', bearer(accessToken));
    expect(today.status).toBe(200);
    expect(next.status).toBe(200);
    expect(next.body).toEqual(today.body);
    expect((await call(sim, '/api-v3/athlete', bearer(accessToken))).body).toMatchObject({ id: athlete.id });
    // The request log tells the two addresses apart.
    expect(sim.control.requests.counts()['GET /api-v3/athlete/activities']).toBe(1);
  });

  it('refuses an access_token parameter at the 2027 address with 401, even beside a valid header; today it still works', async () => {
    const athlete = sim.control.createAthlete({ history: 'empty' });
    const { accessToken } = await connect(sim, 'read', athlete.id);
    const inQuery = await call(sim, `/api-v3/athlete?access_token=${accessToken}`);
    expect(inQuery.status).toBe(401);
    expect(inQuery.body).toEqual({
      message: 'Authorization Error',
      errors: [{ resource: 'AccessToken', field: 'access_token', code: 'not_allowed_in_query' }],
    });
    expect((await call(sim, `/api-v3/athlete?access_token=${accessToken}`, bearer(accessToken))).status).toBe(401);
    expect((await call(sim, `/api/v3/athlete?access_token=${accessToken}`)).status).toBe(200);
  });

  it('answers push subscriptions at the 2027 address too', async () => {
    const listed = await call(sim, `/api-v3/push_subscriptions?client_id=${CLIENT.clientId}&client_secret=${CLIENT.clientSecret}`);
    expect(listed).toEqual({ status: 200, body: [] });
  });
});

describe('strava-sim: /oauth/revoke', () => {
  let sim: TestSim;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('revokes the whole grant with the refresh token in the body: both tokens die', async () => {
    const athlete = sim.control.createAthlete({ history: 'empty' });
    const { accessToken, refreshToken } = await connect(sim, 'read', athlete.id);
    const revoked = await call(sim, '/oauth/revoke', form({ token: refreshToken, token_type_hint: 'refresh_token', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }));
    expect(revoked).toEqual({ status: 200, body: {} });
    expect((await call(sim, '/api-v3/athlete', bearer(accessToken))).status).toBe(401);
    const refreshed = await call(sim, '/oauth/token', form({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, refresh_token: refreshToken, grant_type: 'refresh_token' }));
    expect(refreshed.status).toBe(400);
    // Nothing is left to deauthorise.
    expect(sim.control.deauthorizeAthlete(athlete.id, CLIENT.clientId)).toBe(0);
  });

  it('takes an access token as well; an unknown token answers 200 and a token in the address 400', async () => {
    const athlete = sim.control.createAthlete({ history: 'empty' });
    const { accessToken } = await connect(sim, 'read', athlete.id);
    expect((await call(sim, `/oauth/revoke?token=${accessToken}`, { method: 'POST' })).status).toBe(400);
    expect((await call(sim, '/api-v3/athlete', bearer(accessToken))).status).toBe(200);
    expect(await call(sim, '/oauth/revoke', form({ token: 'not-a-token' }))).toEqual({ status: 200, body: {} });
    expect((await call(sim, '/oauth/revoke', form({ token: accessToken }))).status).toBe(200);
    expect((await call(sim, '/api-v3/athlete', bearer(accessToken))).status).toBe(401);
  });
});

describe('strava-sim: an Inactive application', () => {
  let sim: TestSim;
  beforeAll(async () => {
    sim = await startTestSim({ controlRoutes: true });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('answers 403 with the inactive code on every call while switched on, and serves again once switched off', async () => {
    const athlete = sim.control.createAthlete({ history: 'empty' });
    const { accessToken, refreshToken } = await connect(sim, 'read', athlete.id);
    sim.control.setClientStatus(CLIENT.clientId, { inactive: true });
    const expected = {
      status: 403,
      body: { message: 'Forbidden: application inactive', errors: [{ resource: 'Application', field: 'status', code: 'inactive' }] },
    };
    expect(await call(sim, '/api/v3/athlete', bearer(accessToken))).toEqual(expected);
    expect(await call(sim, '/api-v3/athlete', bearer(accessToken))).toEqual(expected);
    expect(
      await call(sim, '/oauth/token', form({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, refresh_token: refreshToken, grant_type: 'refresh_token' })),
    ).toEqual(expected);
    expect(await call(sim, `/api/v3/push_subscriptions?client_id=${CLIENT.clientId}&client_secret=${CLIENT.clientSecret}`)).toEqual(expected);
    expect(await call(sim, '/oauth/revoke', form({ token: refreshToken }))).toEqual(expected);
    // A refused call is not counted against the limits.
    expect(sim.control.rateLimits.usage(CLIENT.clientId).readShort).toBe(0);

    // Over HTTP too, for a standalone simulator.
    const switched = await call(sim, `/_sim/clients/${CLIENT.clientId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inactive: false }),
    });
    expect(switched).toMatchObject({ status: 200, body: { clientId: CLIENT.clientId, inactive: false, athleteLimit: null } });
    // The grant survived: the same tokens work again.
    expect((await call(sim, '/api-v3/athlete', bearer(accessToken))).status).toBe(200);
  });
});

describe('strava-sim: the athlete cap', () => {
  let sim: TestSim;
  beforeAll(async () => {
    sim = await startTestSim({ clients: [{ ...CLIENT, athleteLimit: 10 }] });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it("refuses the 11th athlete's authorization with 403 and keeps serving the ten, until one of them leaves", async () => {
    const ten = Array.from({ length: 10 }, () => sim.control.createAthlete({ history: 'empty' }));
    const tokens: string[] = [];
    for (const athlete of ten) tokens.push((await connect(sim, 'read', athlete.id)).accessToken);

    const eleventh = sim.control.createAthlete({ history: 'empty' });
    const refused = await authorizeAndExchange(sim, eleventh.id);
    expect(refused).toEqual({
      status: 403,
      body: { message: 'Forbidden: athlete limit reached', errors: [{ resource: 'Application', field: 'athletes', code: 'limit_reached' }] },
    });
    // No grant was left behind for the refused athlete, and the ten keep working.
    expect(sim.control.deauthorizeAthlete(eleventh.id, CLIENT.clientId)).toBe(0);
    expect((await call(sim, '/api-v3/athlete', bearer(tokens[9]!))).status).toBe(200);
    // An athlete already authorised may authorise again.
    expect((await authorizeAndExchange(sim, ten[0]!.id)).status).toBe(200);

    // One leaves: there is room for the eleventh.
    expect((await call(sim, '/oauth/revoke', form({ token: tokens[3]! }))).status).toBe(200);
    const admitted = await authorizeAndExchange(sim, eleventh.id);
    expect(admitted.status).toBe(200);
    expect(admitted.body.athlete.id).toBe(eleventh.id);

    // The setting can be lifted.
    sim.control.setClientStatus(CLIENT.clientId, { athleteLimit: null });
    expect((await authorizeAndExchange(sim, sim.control.createAthlete({ history: 'empty' }).id)).status).toBe(200);
  });
});
