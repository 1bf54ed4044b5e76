import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, testDatabaseKinds } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

const kinds = await testDatabaseKinds();
const registration = (email: string) => ({ email, password: 'correct horse', firstName: 'Grace', lastName: 'Hopper' });

describe.each(kinds)('HTTP baseline on %s', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    // Expiry is tested by ageing rows in the database, which a cached session check would not see.
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses cross-site state-changing requests with 403 and changes nothing', async () => {
    const email = uniqueEmail();
    const crossSite = await signUp(createClient(server.url, { origin: null }), registration(email), {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ message: 'Cross-site request refused' });
    const otherOrigin = await createClient(server.url, { origin: 'https://evil.example' }).post(
      '/api/auth/register',
      registration(email),
    );
    expect(otherOrigin.status).toBe(403);
    expect(await server.database.handle.query('select 1 from accounts where email = $1', [email])).toHaveLength(0);

    // A page under Referrer-Policy: no-referrer posts its forms with `Origin: null`: refused, unless
    // the browser says the request is same-origin (the development sign-in's form is such a page).
    const nullOrigin = await signUp(createClient(server.url, { origin: 'null' }), registration(email));
    expect(nullOrigin.status).toBe(403);
    const sameOrigin = await signUp(createClient(server.url, { origin: 'null' }), registration(email), {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(201);
  });

  it('sends security headers with a CSP the app runs under', async () => {
    for (const path of ['/', '/api/auth/user']) {
      const response = await createClient(server.url).get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('maps malformed, oversized and unsupported bodies and unknown API paths to clear 4xx JSON', async () => {
    const client = createClient(server.url);
    const malformed = await client.post('/api/auth/login', undefined, { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed JSON body' });

    const huge = await client.post('/api/track/page-view', undefined, {
      rawBody: JSON.stringify({ path: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'Request body is too large' });

    const plain = await client.post('/api/auth/login', undefined, {
      rawBody: 'email=a@b.co',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ message: 'Unsupported content type' });

    const unknown = await client.get('/api/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found' });
    expect((await client.post('/api/nope', {})).status).toBe(404);
  });

  it('never answers bad input with a 5xx', async () => {
    const client = createClient(server.url);
    const endpoints = [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/track/page-view',
      '/api/track/user-event',
      '/api/track/button-interaction',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.jsonValue({ maxDepth: 3 }), async (path, body) => {
        const response = await client.post(path, undefined, { rawBody: JSON.stringify(body) });
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (response.status >= 400) expect(typeof response.body.message).toBe('string');
      }),
      { numRuns: 120 },
    );
  });

  it('ends idle and absolutely expired sessions', async () => {
    const email = uniqueEmail();
    const idle = createClient(server.url);
    await signUp(idle, registration(email));
    expect((await idle.get('/api/auth/user')).status).toBe(200);
    const accountSessions = "account_id = (select id from accounts where email = $1)";
    await server.database.handle.query(`update sessions set expire = now() - interval '1 second' where ${accountSessions}`, [email]);
    expect((await idle.get('/api/auth/user')).status).toBe(401);

    const absolute = createClient(server.url);
    await absolute.post('/api/auth/login', { email, password: 'correct horse' });
    await server.database.handle.query(
      `update sessions set absolute_expire = now() - interval '1 second' where ${accountSessions}`,
      [email],
    );
    expect((await absolute.get('/api/auth/user')).status).toBe(401);
  });

  it('records usage events, validated and attributed to the signed-in account', async () => {
    const email = uniqueEmail();
    const browser = createClient(server.url);
    await signUp(browser, registration(email));
    expect((await browser.post('/api/track/page-view', { path: '/profile' })).status).toBe(204);
    expect((await browser.post('/api/track/user-event', { eventType: 'user_action', eventName: 'login', eventData: { via: 'form' } })).status).toBe(204);
    expect((await browser.post('/api/track/button-interaction', { buttonType: 'copy', analysisSection: 'Recovery' })).status).toBe(204);

    const bad = await browser.post('/api/track/button-interaction', { buttonType: 'print', analysisSection: 'Recovery' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "Button type must be 'copy' or 'share'" });
    const tooBig = await browser.post('/api/track/user-event', { eventType: 'analysis', eventName: 'x', eventData: { blob: 'y'.repeat(5000) } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toEqual({ message: 'Event data must be at most 4 KB' });

    const [event] = await server.database.handle.query<{ event_name: string; account_id: string; session_id: string }>(
      'select e.event_name, e.account_id, e.session_id from user_events e join accounts a on a.id = e.account_id where a.email = $1',
      [email],
    );
    expect(event?.event_name).toBe('login');
    expect(event?.session_id).toMatch(/^[0-9a-f]{24}$/);
    const sids = await server.database.handle.query<{ sid: string }>('select sid from sessions');
    expect(sids.map((s) => s.sid)).not.toContain(event?.session_id);
  });

  it('serves health, readiness and an OpenAPI document generated from the contracts', async () => {
    const client = createClient(server.url);
    expect((await client.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).body).toEqual({ status: 'ready', database: kind });
    const openapi = await client.get('/api/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toBe('3.1.0');
    const login = openapi.body.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(openapi.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/user', '/api/track/page-view']),
    );
  });
});

describe.runIf(kinds.includes('postgres'))('readiness on postgres', () => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo('postgres');
  });
  afterAll(async () => {
    await adminQuery(`alter database ${databaseName()} allow_connections true`).catch(() => undefined);
    await server?.close();
  });

  const databaseName = () => new URL(server.database.url!).pathname.slice(1);

  it('answers 503 while the database is unreachable and recovers by itself', async () => {
    const client = createClient(server.url);
    expect((await client.get('/readyz')).status).toBe(200);
    await adminQuery(`alter database ${databaseName()} allow_connections false`);
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName()}'`);
    const down = await client.get('/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable', message: 'Database unreachable' });

    await adminQuery(`alter database ${databaseName()} allow_connections true`);
    expect((await client.get('/readyz')).status).toBe(200);
  });
});
