import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_REQUESTS_PER_MINUTE, apiTokenList, createdApiToken, type CreateApiTokenBody } from '../../src/shared/api/api-tokens.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient, type TestResponse } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { powerRide } from '../support/recordings.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

/** Issue 31: personal access tokens, made in the settings screen and sent as `Authorization: Bearer`. */
describe.each(kinds)('Personal access tokens on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let other: TestClient;
  let otherRideId: string;
  /** A client without cookies, as a script would be. */
  let script: TestClient;

  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    other = await registerAthlete(server.url);
    script = createClient(server.url, { origin: null });
    const upload = await other.upload('/api/imports', 'ride.fit', powerRide().bytes);
    expect(upload.status).toBe(201);
    otherRideId = upload.body.activity.id;
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await revokeAll(athlete);
    await revokeAll(other);
  });

  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const tokenRows = async () =>
    server.database.handle.query<{ name: string; token_hash: string; hint: string; last_used_at: Date | null }>(
      'select name, token_hash, hint, last_used_at from api_tokens order by created_at',
      [],
    );
  const make = async (body: CreateApiTokenBody, client = athlete) => {
    const answer = await client.post('/api/api-tokens', body);
    expect(answer.status, answer.text).toBe(201);
    return createdApiToken.parse(answer.body);
  };
  const revokeAll = async (client: TestClient) => {
    for (const token of apiTokenList.parse((await client.get('/api/api-tokens')).body).tokens) {
      expect((await client.delete(`/api/api-tokens/${token.id}`)).status).toBe(200);
    }
  };
  const expectRefused = (answer: TestResponse, status: number, message: RegExp) => {
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.message).toMatch(message);
  };

  it('makes a token shown once, keeps only its SHA-256, lists it with scopes, creation and last use, and revokes it', async () => {
    const made = await make({ name: '  Spreadsheet  ', scopes: ['write:wellness', 'read', 'read'] });
    expect(made.token).toMatch(/^kairo_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.summary).toMatchObject({ name: 'Spreadsheet', scopes: ['read', 'write:wellness'], expiresAt: null, lastUsedAt: null, expired: false });
    expect(made.summary.hint).toBe(made.token.slice(0, 14));

    const rows = await tokenRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(made.token).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(made.token);

    const listed = await athlete.get('/api/api-tokens');
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(made.token);
    expect(apiTokenList.parse(listed.body)).toEqual({ tokens: [made.summary], limit: 10 });
    // Another account sees none of it.
    expect(apiTokenList.parse((await other.get('/api/api-tokens')).body).tokens).toEqual([]);

    expect((await script.get('/api/activities', bearer(made.token))).status).toBe(200);
    const used = apiTokenList.parse((await athlete.get('/api/api-tokens')).body).tokens[0]!;
    expect(used.lastUsedAt).not.toBeNull();

    // Another account cannot revoke it; its owner can, and it stops working at once.
    expectRefused(await other.delete(`/api/api-tokens/${made.summary.id}`), 404, /not found/);
    expect((await athlete.delete(`/api/api-tokens/${made.summary.id}`)).status).toBe(200);
    expect(await tokenRows()).toEqual([]);
    const revoked = await script.get('/api/activities', bearer(made.token));
    expectRefused(revoked, 401, /not valid/);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('acts for its account within its scopes: reads, writes wellness, 403 naming a missing scope, 404 for another account’s activity', async () => {
    const reader = await make({ name: 'Reader', scopes: ['read'] });
    const writer = await make({ name: 'Wellness', scopes: ['read', 'write:wellness'] });
    const planner = await make({ name: 'Plans', scopes: ['write:plans'] });

    const me = await script.get('/api/auth/user', bearer(reader.token));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe((await athlete.get('/api/auth/user')).body.email);

    const day = '2026-01-15';
    const checkIn = { sleepHours: 7, sleepQuality: 4, fatigue: 2, soreness: 2, stress: 2, mood: 4, restingHrBpm: 50, hrvRmssdMs: 60, weightKg: null, note: null };
    expectRefused(await script.request('PUT', `/api/wellness/${day}`, checkIn, bearer(reader.token)), 403, /lacks the "write:wellness" scope/);
    expect((await athlete.get(`/api/wellness/${day}`)).body).toEqual({ day: null });
    const saved = await script.request('PUT', `/api/wellness/${day}`, checkIn, bearer(writer.token));
    expect(saved.status, saved.text).toBe(200);
    expect((await athlete.get(`/api/wellness/${day}`)).body.day).toMatchObject({ date: day, sleepHours: 7 });
    expect((await other.get(`/api/wellness/${day}`)).body).toEqual({ day: null });

    // write:plans without read: the plan list is refused; the switch is reached and answers as it does the session (the same tier rules).
    expectRefused(await script.get('/api/training-plans', bearer(planner.token)), 403, /lacks the "read" scope/);
    const plan = `/api/training-plans/${randomUUID()}/toggle`;
    expectRefused(await script.request('PATCH', plan, undefined, bearer(reader.token)), 403, /lacks the "write:plans" scope/);
    const bySession = await athlete.patch(plan);
    const byToken = await script.request('PATCH', plan, undefined, bearer(planner.token));
    expect(bySession.status).toBe(403);
    expect([byToken.status, byToken.body]).toEqual([bySession.status, bySession.body]);

    // The same account scoping as the session: another athlete's activity does not exist for this token.
    expect((await other.get(`/api/activities/${otherRideId}`)).status).toBe(200);
    expectRefused(await script.get(`/api/activities/${otherRideId}`, bearer(reader.token)), 404, /not found/i);
  });

  it('never signs in, manages tokens, or touches the password, e-mail, settings or the Strava connection', async () => {
    const all = await make({ name: 'Everything', scopes: ['read', 'write:wellness', 'write:plans'] });
    const refusals: [string, string, unknown][] = [
      ['GET', '/api/api-tokens', undefined],
      ['POST', '/api/api-tokens', { name: 'Another', scopes: ['read'] }],
      ['DELETE', `/api/api-tokens/${all.summary.id}`, undefined],
      ['POST', '/api/auth/login', { email: 'someone@example.test', password: 'correct horse' }],
      ['POST', '/api/auth/reset-password', { token: 'x'.repeat(43), password: 'a new password' }],
      ['POST', '/api/auth/logout', undefined],
      ['POST', '/api/auth/logout/strava', undefined],
      ['POST', '/api/force-sync', undefined],
      ['PUT', '/api/user/settings', { units: 'imperial' }],
    ];
    for (const [method, path, body] of refusals) {
      const answer = await script.request(method, path, body, bearer(all.token));
      expectRefused(answer, 403, /signed-in browser only: an API token cannot call it/);
      expect(answer.headers.get('set-cookie'), `${method} ${path}`).toBeNull();
    }
    expect(apiTokenList.parse((await athlete.get('/api/api-tokens')).body).tokens.map((token) => token.name)).toEqual(['Everything']);

    // A browser flow started with a token belongs to no account: Strava's connect page is not bound to this one.
    const connect = await script.get('/api/auth/strava', bearer(all.token));
    const state = connect.headers.getSetCookie().find((cookie) => cookie.startsWith('kairo_strava_state='));
    expect(decodeURIComponent(state ?? '')).toContain('"accountId":null');
  });

  it('answers 401 to a wrong, malformed or expired token, whatever cookie comes with it', async () => {
    const made = await make({ name: 'Soon', scopes: ['read'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(made.summary.expiresAt).not.toBeNull();
    for (const wrong of ['kairo_pat_' + 'A'.repeat(43), 'nonsense', '', made.token.slice(0, -1)]) {
      expectRefused(await script.get('/api/activities', bearer(wrong)), 401, /not valid/);
    }
    // The session cookie beside a bad token does not rescue it.
    expectRefused(await athlete.get('/api/activities', bearer('kairo_pat_' + 'B'.repeat(43))), 401, /not valid/);
    // Another scheme is left to whatever proxy uses it: the session still decides.
    expect((await athlete.get('/api/activities', { headers: { authorization: 'Basic dXNlcjpwYXNz' } })).status).toBe(200);

    expect((await script.get('/api/activities', bearer(made.token))).status).toBe(200);
    await server.database.handle.query(`update api_tokens set expires_at = now() - interval '1 minute' where id = $1`, [made.summary.id]);
    expectRefused(await script.get('/api/activities', bearer(made.token)), 401, /expired/);
    expect(apiTokenList.parse((await athlete.get('/api/api-tokens')).body).tokens[0]).toMatchObject({ id: made.summary.id, expired: true });
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ name: 'Admin', scopes: ['admin'] }, 400, /Unknown scope "admin": a scope is one of read, write:wellness, write:plans/],
      [{ name: 'x'.repeat(200), scopes: ['read'] }, 400, /at most 60 characters/],
      [{ name: '   ', scopes: ['read'] }, 400, /Give the token a name/],
      [{ name: 'None', scopes: [] }, 400, /at least one scope/],
      [{ name: 'Past', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' }, 400, /expiry must be in the future/],
      [{ name: 'Bad date', scopes: ['read'], expiresAt: 'next week' }, 400, /ISO date-time/],
      [{ name: 'Stray', scopes: ['read'], admin: true }, 400, /.+/],
    ];
    for (const [body, status, message] of cases) expectRefused(await athlete.post('/api/api-tokens', body), status, message);
    expect(await tokenRows()).toEqual([]);
    expectRefused(await athlete.delete('/api/api-tokens/not-a-uuid'), 404, /not found/);

    for (let n = 1; n <= 10; n += 1) await make({ name: `Token ${n}`, scopes: ['read'] });
    expectRefused(await athlete.post('/api/api-tokens', { name: 'Eleventh', scopes: ['read'] }), 409, /at most 10 API tokens: revoke one first/);
    const rows = await tokenRows();
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.name)).not.toContain('Eleventh');
    // The limit is per account.
    const others = await make({ name: 'Other’s', scopes: ['read'] }, other);
    expect(others.summary.name).toBe('Other’s');
  });

  it('never makes an 11th token, even for requests that arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 14 }, (_, n) => athlete.post('/api/api-tokens', { name: `Race ${n}`, scopes: ['read'] })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    expect(await tokenRows()).toHaveLength(10);
  });

  it(`limits each token to ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute with Retry-After, on its own`, async () => {
    const busy = await make({ name: 'Busy', scopes: ['read'] });
    const calm = await make({ name: 'Calm', scopes: ['read'] });
    const statuses: number[] = [];
    for (let sent = 0; sent < API_TOKEN_REQUESTS_PER_MINUTE; sent += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => script.get('/api/app-info', bearer(busy.token))));
      statuses.push(...batch.map((answer) => answer.status));
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await script.get('/api/app-info', bearer(busy.token));
    expectRefused(over, 429, /at most 120 a minute/);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another token and the session are not held back by it.
    expect((await script.get('/api/app-info', bearer(calm.token))).status).toBe(200);
    expect((await athlete.get('/api/app-info')).status).toBe(200);
  });
});
