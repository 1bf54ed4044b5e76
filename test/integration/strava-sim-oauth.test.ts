import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { againstRecorded } from '../support/fixture-suites.ts';
import { api, CLIENT, connect, shapeDifferences, startTestSim, type TestSim } from '../support/strava-sim.ts';

const SIX_HOURS_S = 21_600;

async function tokenRequest(sim: TestSim, params: Record<string, string>) {
  const response = await fetch(`${sim.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, ...params }),
  });
  return { status: response.status, body: await response.json() };
}

describe('strava-sim OAuth', () => {
  let sim: TestSim;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('auto-approves, redirects back with code, state and scope, and exchanges the code once', async () => {
    const authorize = await fetch(
      `${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent('http://localhost:3000/api/strava/callback?x=1')}&response_type=code&approval_prompt=auto&scope=read,activity:read_all&state=abc123`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(302);
    const location = new URL(authorize.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/api/strava/callback');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('state')).toBe('abc123');
    expect(location.searchParams.get('scope')).toBe('read,activity:read_all');
    // The browser is now "signed in to Strava" as the new demo athlete.
    expect(authorize.headers.get('set-cookie')).toMatch(/^strava_sim_session=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Lax$/);

    const code = location.searchParams.get('code')!;
    const exchanged = await tokenRequest(sim, { code, grant_type: 'authorization_code' });
    expect(exchanged.status).toBe(200);
    expect(Object.keys(exchanged.body)).toEqual(['token_type', 'expires_at', 'expires_in', 'refresh_token', 'access_token', 'athlete']);
    againstRecorded('oauth_token_authorization_code.json', (recorded) => {
      expect(Object.keys(exchanged.body)).toEqual(Object.keys(recorded));
      expect(shapeDifferences(exchanged.body, recorded)).toEqual([]);
    });
    expect(exchanged.body.token_type).toBe('Bearer');
    expect(exchanged.body.expires_in).toBe(SIX_HOURS_S);
    expect(exchanged.body.expires_at).toBe(sim.control.now() / 1000 + SIX_HOURS_S);
    expect(exchanged.body.access_token).toMatch(/^[0-9a-f]{40}$/);

    const again = await tokenRequest(sim, { code, grant_type: 'authorization_code' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Bad Request');
    againstRecorded('oauth_token_invalid_code.json', (recorded) => expect(again.body).toEqual(recorded));
  });

  it('gives the same browser the same athlete and a new browser a new one', async () => {
    const url = `${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=http://127.0.0.1/cb&response_type=code&scope=read`;
    const first = await fetch(url, { redirect: 'manual' });
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const again = await fetch(url, { redirect: 'manual', headers: { cookie } });
    expect(again.headers.get('set-cookie')).toBeNull();
    const athleteOf = async (response: Response) => {
      const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
      return (await tokenRequest(sim, { code, grant_type: 'authorization_code' })).body.athlete.id;
    };
    const firstAthlete = await athleteOf(first);
    expect(await athleteOf(again)).toBe(firstAthlete);
    expect(await athleteOf(await fetch(url, { redirect: 'manual' }))).not.toBe(firstAthlete);
  });

  it('refreshes with rotation: the new refresh token works once, the used one never again', async () => {
    const connection = await connect(sim);
    const refreshed = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: connection.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body)).not.toContain('athlete');
    againstRecorded('oauth_token_refresh.json', (recorded) => expect(Object.keys(refreshed.body)).toEqual(Object.keys(recorded)));
    expect(refreshed.body.refresh_token).not.toBe(connection.refreshToken);
    expect(refreshed.body.access_token).not.toBe(connection.accessToken);

    const reused = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: connection.refreshToken });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: 'Bad Request', errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }] });

    // Both access tokens work until they expire.
    expect((await api(sim, connection.accessToken, '/athlete')).status).toBe(200);
    expect((await api(sim, refreshed.body.access_token, '/athlete')).status).toBe(200);
    const next = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token });
    expect(next.status).toBe(200);
  });

  it('expires access tokens after six hours with Strava\'s 401, and a refresh brings a working one', async () => {
    const connection = await connect(sim);
    sim.advance(SIX_HOURS_S * 1000 - 1000);
    expect((await api(sim, connection.accessToken, '/athlete')).status).toBe(200);
    sim.advance(1000);
    const expired = await api(sim, connection.accessToken, '/athlete');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Authorization Error');
    againstRecorded('error_401_authorization.json', (recorded) => expect(shapeDifferences(expired.body, recorded)).toEqual([]));
    expect(expired.body).toEqual({ message: 'Authorization Error', errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }] });
    const refreshed = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: connection.refreshToken });
    expect(refreshed.body.expires_at).toBe(Math.floor(sim.control.now() / 1000) + SIX_HOURS_S);
    expect((await api(sim, refreshed.body.access_token, '/athlete')).status).toBe(200);
  });

  it('lets tests expire a token now and revoke a refresh token', async () => {
    const connection = await connect(sim);
    expect(sim.control.expireAccessToken(connection.accessToken)).toBe(true);
    expect((await api(sim, connection.accessToken, '/athlete')).status).toBe(401);
    expect(sim.control.revokeRefreshToken(connection.refreshToken)).toBe(true);
    expect((await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: connection.refreshToken })).status).toBe(400);
  });

  it('refuses unknown applications and wrong secrets', async () => {
    const authorize = await fetch(`${sim.baseUrl}/oauth/authorize?client_id=999&redirect_uri=http://127.0.0.1/cb&response_type=code&scope=read`, { redirect: 'manual' });
    expect(authorize.status).toBe(400);
    expect(await authorize.json()).toEqual({ message: 'Bad Request', errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }] });
    const wrongSecret = await tokenRequest(sim, { client_secret: 'nope', code: 'x', grant_type: 'authorization_code' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.message).toBe('Authorization Error');
    againstRecorded('error_401_authorization.json', (recorded) => expect(wrongSecret.body).toEqual(recorded));
    const badScope = await fetch(`${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=http://127.0.0.1/cb&response_type=code&scope=read,everything`, { redirect: 'manual' });
    expect(badScope.status).toBe(400);
  });

  it('follows nextAuthorization: a chosen athlete, unticked scopes, or a refusal', async () => {
    const athlete = sim.control.createAthlete({ history: 'empty' });
    sim.control.nextAuthorization({ athleteId: athlete.id, scopes: ['read', 'activity:read'] });
    const narrowed = await connect(sim, 'read,activity:read_all,activity:write');
    expect(narrowed.athleteId).toBe(athlete.id);
    expect(narrowed.scope).toBe('read');
    expect((await api(sim, narrowed.accessToken, '/athlete/activities')).body).toEqual({
      message: 'Authorization Error',
      errors: [{ resource: 'AccessToken', field: 'activity:read_permission', code: 'missing' }],
    });

    sim.control.nextAuthorization({ deny: true });
    const denied = await fetch(`${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=http://127.0.0.1/cb&response_type=code&scope=read&state=z`, { redirect: 'manual' });
    const location = new URL(denied.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('z');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('deauthorizes: every token of the grant stops working', async () => {
    const connection = await connect(sim);
    const response = await fetch(`${sim.baseUrl}/oauth/deauthorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `access_token=${connection.accessToken}`,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ access_token: connection.accessToken });
    expect((await api(sim, connection.accessToken, '/athlete')).status).toBe(401);
    expect((await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: connection.refreshToken })).status).toBe(400);
  });

  it('serves the token endpoint at /api/v3/oauth/token too, with JSON bodies', async () => {
    sim.control.nextAuthorization({ athleteId: sim.control.createAthlete({ history: 'empty' }).id });
    const authorize = await fetch(`${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=http://127.0.0.1/cb&response_type=code&scope=read`, { redirect: 'manual' });
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const response = await fetch(`${sim.baseUrl}/api/v3/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: Number(CLIENT.clientId), client_secret: CLIENT.clientSecret, code, grant_type: 'authorization_code' }),
    });
    expect(response.status).toBe(200);
  });
});

describe('strava-sim consent page (STRAVA_SIM_CONSENT=1)', () => {
  let sim: TestSim;
  beforeAll(async () => {
    sim = await startTestSim({ consentPage: true });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('shows the scopes and redirects with only the ones left ticked', async () => {
    const page = await fetch(
      `${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=http://127.0.0.1/cb&response_type=code&scope=read,activity:read_all,activity:write&state=s`,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Authorize Kairo test to connect to Strava');
    expect(html).toContain('View data about your private activities');
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;

    const submit = await fetch(`${sim.baseUrl}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams([
        ['client_id', CLIENT.clientId],
        ['redirect_uri', 'http://127.0.0.1/cb'],
        ['state', 's'],
        ['requested_scope', 'read,activity:read_all,activity:write'],
        ['scope', 'activity:read_all'],
        ['decision', 'authorize'],
      ]),
    });
    expect(submit.status).toBe(302);
    const location = new URL(submit.headers.get('location')!);
    expect(location.searchParams.get('scope')).toBe('read,activity:read_all');
    expect(location.searchParams.get('state')).toBe('s');
  });
});
