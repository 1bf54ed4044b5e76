import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabaseOutage, isDatabaseBusy, isDatabaseUnreachable } from '../../src/server/http/database-outage.ts';
import { adminQuery, testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

const kinds = await testDatabaseKinds();
const registration = (email: string) => ({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });

describe.each(kinds)('issue 16 item 4: NUL bytes and unpaired surrogates on %s', (kind) => {
  let server: TestKairo;
  let browser: TestClient;
  beforeAll(async () => {
    server = await startTestKairo(kind);
    browser = createClient(server.url);
    await signUp(browser, registration(uniqueEmail('text')));
  });
  afterAll(async () => {
    await server?.close();
  });

  const hostile = ['nul \u0000 inside', 'lone high \ud800 surrogate', 'lone low \udc00 surrogate'];

  it('answers 400 with a message on every kind of route and stores nothing', async () => {
    for (const text of hostile) {
      const attempts = [
        await browser.post('/api/track/page-view', { path: `/x${text}` }),
        await browser.post('/api/track/user-event', { eventType: 'user_action', eventName: text }),
        await browser.post('/api/track/button-interaction', { buttonType: 'copy', analysisSection: text }),
        await browser.put('/api/user/settings', { athleteName: text, preferredActivities: ['cycling'] }),
        await browser.put('/api/user/settings', { coachingStyle: 'custom', systemPrompt: text }),
        await browser.post('/api/training-plans', { planName: text }),
        await browser.post('/api/auth/login', { email: `a${text}@example.test`, password: 'whatever long' }),
        await browser.post('/api/track/user-event', { eventType: 'user_action', eventName: 'ok', eventData: { [text]: 1 } }),
      ];
      for (const response of attempts) {
        expect(response.status, `${text}: ${response.text}`).toBe(400);
        expect(response.body.message).toBe('Text must not contain NUL characters or unpaired Unicode surrogates');
      }
    }
    const settings = await browser.get('/api/user/settings');
    expect(settings.body.athleteName ?? null).toBeNull();
    const events = await server.database.handle.query<{ count: string }>('select count(*)::text as count from user_events');
    expect(events[0]?.count).toBe('0');
  });

  it('answers 400 on the routes that store notes and descriptions, the wellness CSV included', async () => {
    const activityId = '00000000-0000-4000-8000-000000000001';
    for (const text of hostile) {
      const attempts = [
        await browser.put(`/api/activities/${activityId}/update-description`, { description: text }),
        await browser.put(`/api/activities/${activityId}/feel`, { rpe: 5, note: text }),
        await browser.put('/api/wellness/2026-01-02', { fatigue: 3, note: text }),
        await browser.put('/api/training-plans', { id: activityId, planName: text }),
      ];
      for (const response of attempts) {
        expect(response.status, `${text}: ${response.text}`).toBe(400);
        expect(response.body.message).toBe('Text must not contain NUL characters or unpaired Unicode surrogates');
      }
    }
    // A CSV is bytes: NUL, and a surrogate encoded on its own (ED A0 80), are refused where it is decoded.
    const csv = (note: Buffer) => Buffer.concat([Buffer.from('date,fatigue,note\n2026-01-02,3,'), note, Buffer.from('\n')]);
    const importCsv = (body: Buffer) => browser.request('POST', '/api/wellness/import', undefined, { rawBody: body, headers: { 'content-type': 'text/csv' } });
    const withNul = await importCsv(csv(Buffer.from('a\u0000b')));
    expect(withNul.status).toBe(400);
    expect(withNul.body.message).toBe('The file is not a CSV text file');
    const withSurrogate = await importCsv(csv(Buffer.from([0x61, 0xed, 0xa0, 0x80])));
    expect(withSurrogate.status).toBe(400);
    expect(withSurrogate.body.message).toBe('The file is not a CSV text file (it must be UTF-8 text)');
    const days = await server.database.handle.query<{ count: string }>('select count(*)::text as count from wellness_days');
    expect(days[0]?.count).toBe('0');
    // The same file with a real note is imported.
    const fine = await importCsv(csv(Buffer.from('Zoë 🚴')));
    expect(fine.status, fine.text).toBe(200);
    expect((await browser.get('/api/wellness/2026-01-02')).body.day.note).toBe('Zoë 🚴');
  });

  it('still takes real text: emoji (paired surrogates) and accents', async () => {
    const response = await browser.put('/api/user/settings', { athleteName: 'Zoë 🚴‍♀️', preferredActivities: ['cycling'] });
    expect(response.status).toBe(200);
    expect((await browser.get('/api/user/settings')).body.athleteName).toBe('Zoë 🚴‍♀️');
  });
});

describe.runIf(kinds.includes('postgres'))('issue 16 item 10: a database outage answers 503 on postgres', () => {
  let server: TestKairo;
  const databaseName = () => new URL(server.database.url!).pathname.slice(1);
  beforeAll(async () => {
    server = await startTestKairo('postgres', { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await adminQuery(`alter database ${databaseName()} allow_connections true`).catch(() => undefined);
    await server?.close();
  });

  it('answers 503 with Retry-After and a clear message while the database is away, and recovers', async () => {
    const browser = createClient(server.url);
    await signUp(browser, registration(uniqueEmail('outage')));
    expect((await browser.get('/api/activities')).status).toBe(200);

    await adminQuery(`alter database ${databaseName()} allow_connections false`);
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName()}'`);
    for (const request of [() => browser.get('/api/activities'), () => browser.post('/api/auth/login', { email: uniqueEmail(), password: 'whatever long' })]) {
      const down = await request();
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(down.body.message).toMatch(/cannot reach its database/);
    }

    await adminQuery(`alter database ${databaseName()} allow_connections true`);
    await vi.waitFor(async () => expect((await browser.get('/api/activities')).status).toBe(200), { timeout: 10_000, interval: 200 });
  });
});

describe('issue 16 item 10: an outage is logged once when it starts and once when it ends', () => {
  it('logs one error for many failures and one line when the database answers again', async () => {
    vi.useFakeTimers();
    try {
      const log = { error: vi.fn(), warn: vi.fn() };
      let reachable = false;
      const outage = createDatabaseOutage({
        ping: () => (reachable ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED'))),
        log: log as never,
      });
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      for (let index = 0; index < 1_000; index += 1) expect(outage.report(new Error('Failed query', { cause: refused }))).toBe(true);
      expect(outage.report(new Error('duplicate key value'))).toBe(false);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(outage.down).toBe(true);
      reachable = true;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(outage.down).toBe(false);
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.warn).toHaveBeenCalledTimes(1);
      outage.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells connection failures from query errors', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('invalid input syntax'), { code: '22P02' }))).toBe(false);
  });

  it("tells a pool with every connection busy (an overload) from a database that cannot be reached", () => {
    // pg-pool: no connection of a full pool came free within the timeout; the database answers.
    const busy = new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') });
    expect(isDatabaseBusy(busy)).toBe(true);
    expect(isDatabaseUnreachable(busy)).toBe(false);
    // pg-pool: a new connection could not be made within the timeout: an outage.
    const unreachable = new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') });
    expect(isDatabaseBusy(unreachable)).toBe(false);
    expect(isDatabaseUnreachable(unreachable)).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(false);
  });

  it('reads the causes an error wraps, a few deep, and ends on a cause cycle', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = (cause: Error, depth: number): Error => (depth === 0 ? cause : new Error(`Failed query (${depth})`, { cause: wrapped(cause, depth - 1) }));
    expect(isDatabaseUnreachable(wrapped(refused, 4))).toBe(true);
    // Past 5 errors the chain is not read further.
    expect(isDatabaseUnreachable(wrapped(refused, 5))).toBe(false);
    const first = new Error('Failed query');
    const second = new Error('Failed query again', { cause: first });
    first.cause = second;
    expect(isDatabaseUnreachable(first)).toBe(false);
    // Node's refused connection to a host of several addresses: an AggregateError carrying the code itself.
    expect(isDatabaseUnreachable(Object.assign(new AggregateError([refused], 'connect failed'), { code: 'ECONNREFUSED' }))).toBe(true);
  });
});
