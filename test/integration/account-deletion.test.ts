import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { signInWithGoogle } from '../support/google-sign-in.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, signUp, type TestKairo } from '../support/kairo.ts';
import { springBasePlan } from '../support/plans.ts';
import { powerRide, trainerRide } from '../support/recordings.ts';
import { connectStrava, startSimForKairo, waitFor, waitForJobs } from '../support/strava.ts';
import { uploadActivityFile } from '../support/uploads.ts';

/**
 * Deleting an account (issue 31, ADR 0075): every row of the account in every table goes, and only
 * its rows; Strava hears the revocation; the confirmation mail goes out; the old session is refused
 * on every instance; a wrong password or a try at another account deletes nothing.
 */

const kinds = await testDatabaseKinds();
const PASSWORD = 'correct horse';
/** A day safely in the past, whatever today is. */
const CHECK_IN_DAY = '2024-05-13';

interface Athlete {
  browser: TestClient;
  id: string;
  email: string;
  /** Ids of rows that belong to the account and name it only through their own id. */
  ownIds: string[];
}

/**
 * Rows per table (every table of the schema and pg-boss's jobs) whose any column names one of
 * `needles` (the account id, its address, its activities', plans' and imports' ids). The whole
 * row is searched, so a column no foreign key declares (a job's payload, a throttle key) counts too.
 */
async function rowsNaming(server: TestKairo, needles: string[]): Promise<Record<string, number>> {
  const tables = await server.database.handle.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const patterns = needles.map((needle) => `%${needle}%`);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await server.database.handle.query<{ n: number }>(
      `select count(*)::int as n from "${table.schema}"."${table.name}" t where row_to_json(t)::text like any($1::text[])`,
      [patterns],
    );
    counts[`${table.schema}.${table.name}`] = row!.n;
  }
  return counts;
}

const needlesOf = (athlete: Athlete) => [athlete.id, athlete.email, ...athlete.ownIds];
const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

async function registerWithPassword(server: TestKairo, prefix: string): Promise<Athlete> {
  const browser = createClient(server.url);
  const email = uniqueEmail(prefix);
  expect((await signUp(browser, { email, password: PASSWORD, firstName: 'Dana', lastName: 'Delete' })).status).toBe(201);
  const id = (await browser.get('/api/auth/user')).body.id as string;
  return { browser, id, email, ownIds: [] };
}

/** An athlete with what an athlete has: uploaded activities and their analyses, a plan, a check-in, an RPE. */
async function furnish(server: TestKairo, athlete: Athlete): Promise<void> {
  const rideId = await uploadActivityFile(athlete.browser, 'ride.fit', powerRide().bytes);
  const trainerId = await uploadActivityFile(athlete.browser, 'trainer.fit', trainerRide().bytes);
  expect((await athlete.browser.put(`/api/wellness/${CHECK_IN_DAY}`, { sleepHours: 7.5, hrvRmssdMs: 61 })).status).toBe(200);
  expect((await athlete.browser.put(`/api/activities/${rideId}/feel`, { rpe: 6, note: 'felt fine' })).status).toBe(200);
  const plan = await athlete.browser.post('/api/training-plans', springBasePlan);
  expect(plan.status).toBe(201);
  const conversation = await athlete.browser.post('/api/coach/conversations', { activityId: rideId });
  expect(conversation.status).toBe(201);
  expect((await athlete.browser.post(`/api/coach/conversations/${conversation.body.id}/messages`, { text: 'How hard was this ride?' })).status).toBe(201);
  await waitForJobs(server);
  expect((await athlete.browser.get(`/api/activities/${rideId}/analysis`)).status).toBe(200);
  athlete.ownIds.push(rideId, trainerId, plan.body.id as string);
}

/** The session cookie the browser holds, to replay it after the browser dropped it. */
const cookieOf = (browser: TestClient) => [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(kinds)('Deleting an account on %s', (kind) => {
  let sim: RunningStravaSim;
  let simEnv: Record<string, string>;
  let server: TestKairo;
  let athlete: Athlete;
  let other: Athlete;
  let stravaAthleteId: number;

  beforeAll(async () => {
    ({ sim, env: simEnv } = await startSimForKairo());
    server = await startTestKairo(kind, simEnv);
    athlete = await registerWithPassword(server, 'leaving');
    other = await registerWithPassword(server, 'staying');
    stravaAthleteId = sim.control.createAthlete({ historyDays: 7 }).id;
    expect(await connectStrava(athlete.browser, sim, stravaAthleteId)).toBe('/strava-success');
    await furnish(server, athlete);
    await furnish(server, other);
    // A built data export (ADR 0078): its row names the account, its zip parts the export's id.
    expect((await athlete.browser.post('/api/account/export')).status).toBe(202);
    await waitFor(async () => (await athlete.browser.get('/api/account/export')).body.state, (state) => state === 'ready', 60_000);
    const [built] = await server.database.handle.query<{ id: string }>('select id::text as id from data_exports where account_id = $1', [athlete.id]);
    athlete.ownIds.push(built!.id);
    const imported = await server.database.handle.query<{ id: string }>('select id from imports where account_id = $1', [athlete.id]);
    athlete.ownIds.push(...imported.map((row) => row.id));
    // Every job the setup started (the export's, the history's) has finished, so the counts below move only with what a test does.
    await waitForJobs(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  it('asks a password account for its password, and says Strava is connected', async () => {
    const check = await athlete.browser.get('/api/account/deletion');
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ confirmWith: 'password', signInFresh: null, stravaConnected: true });
    expect((await createClient(server.url).get('/api/account/deletion')).status).toBe(401);
  });

  it('refuses a wrong password, a missing one and a try at another account, and deletes nothing', async () => {
    const before = await rowsNaming(server, needlesOf(athlete));
    const wrong = await athlete.browser.post('/api/account/deletion', { password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('That password is not right. Nothing was deleted.');
    const missing = await athlete.browser.post('/api/account/deletion', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter your password');
    // The route deletes the session's own account only: another account's id is not a field.
    const another = await athlete.browser.post('/api/account/deletion', { password: PASSWORD, accountId: other.id });
    expect(another.status).toBe(400);
    expect(another.body.message).toBe('Unexpected field: accountId');
    const signedOut = await createClient(server.url).post('/api/account/deletion', { password: PASSWORD });
    expect(signedOut.status).toBe(401);
    expect(sim.control.requests.list({ path: '/oauth/revoke' })).toHaveLength(0);
    // Only the wrong password's throttle entry was added, under the account's id.
    const after = await rowsNaming(server, needlesOf(athlete));
    expect(after).toEqual({ ...before, 'public.throttles': before['public.throttles']! + 1 });
    expect((await athlete.browser.get('/api/auth/user')).status).toBe(200);
  });

  it("deletes every row naming the account in every table, and no other account's", async () => {
    const before = await rowsNaming(server, needlesOf(athlete));
    // The test can fail: the account really had rows in the tables that matter.
    for (const table of ['accounts', 'sessions', 'activities', 'activity_streams', 'activity_metrics', 'analyses', 'training_plans', 'wellness_days', 'activity_feels', 'strava_connections', 'user_settings', 'imports', 'throttles', 'coach_conversations', 'coach_messages', 'coach_question_usage', 'activity_originals', 'data_exports', 'data_export_parts']) {
      expect(before[`public.${table}`], table).toBeGreaterThan(0);
    }
    expect(Object.entries(before).filter(([table, n]) => table.startsWith('pgboss.') && n > 0).length).toBeGreaterThan(0);
    const otherBefore = await rowsNaming(server, needlesOf(other));
    const oldCookie = cookieOf(athlete.browser);

    const deleted = await athlete.browser.post('/api/account/deletion', { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Your account has been deleted. A confirmation is on its way to your e-mail.', email: athlete.email });
    expect(deleted.headers.getSetCookie().some((cookie) => cookie.startsWith('kairo_session=;'))).toBe(true);

    expect(nonZero(await rowsNaming(server, needlesOf(athlete)))).toEqual({});
    expect(await rowsNaming(server, needlesOf(other))).toEqual(otherBefore);
    expect((await other.browser.get('/api/activities')).body).toHaveLength(2);

    // Strava heard the revocation, once, with the token in the body.
    const revokes = sim.control.requests.list({ path: '/oauth/revoke' });
    expect(revokes.map((request) => request.status)).toEqual([200]);
    expect(sim.control.deauthorizeAthlete(stravaAthleteId, '4242')).toBe(0);

    const mail = await server.mail.waitFor((message) => message.to === athlete.email && message.subject === 'Your Kairo account has been deleted');
    expect(mail.text).toContain('Hi Dana,');
    expect(mail.text).toContain('the authorization was revoked with Strava');

    // The old session is over: reading or deleting again answers 401.
    const replay = createClient(server.url);
    const asBefore = { headers: { cookie: oldCookie } };
    expect((await replay.get('/api/auth/user', asBefore)).status).toBe(401);
    expect((await replay.post('/api/account/deletion', { password: PASSWORD }, asBefore)).status).toBe(401);
    // The address is free again.
    expect((await signUp(createClient(server.url), { email: athlete.email, password: PASSWORD, firstName: 'Dana', lastName: 'Again' })).status).toBe(201);
  });

  it('deletes a Google-only account with its typed address within minutes of a Google sign-in', async () => {
    const browser = createClient(server.url);
    const email = uniqueEmail('google');
    const { landing } = await signInWithGoogle(browser, { email, givenName: 'Gil' });
    expect(landing.status).toBe(302);
    const id = (await browser.get('/api/auth/user')).body.id as string;
    expect((await browser.get('/api/account/deletion')).body).toEqual({ confirmWith: 'email', signInFresh: true, stravaConnected: false });

    const wrong = await browser.post('/api/account/deletion', { email: 'someone@example.test' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('That is not the e-mail address of this account. Nothing was deleted.');
    expect((await browser.post('/api/account/deletion', { password: PASSWORD })).body.message).toBe('Type your e-mail address');

    // Eleven minutes after the sign-in it is no longer fresh: a new Google sign-in is asked for.
    await server.database.handle.query(`update sessions set created_at = created_at - interval '11 minutes' where account_id = $1`, [id]);
    expect((await browser.get('/api/account/deletion')).body.signInFresh).toBe(false);
    const stale = await browser.post('/api/account/deletion', { email: email.toUpperCase() });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/^For your safety, sign in with Google again/);
    expect(await rowsNaming(server, [id]).then((counts) => counts['public.accounts'])).toBe(1);

    await signInWithGoogle(browser, { email });
    const deleted = await browser.post('/api/account/deletion', { email: email.toUpperCase() });
    expect(deleted.status).toBe(200);
    expect(nonZero(await rowsNaming(server, [id, email]))).toEqual({});
    const mail = await server.mail.waitFor((message) => message.to === email && message.subject === 'Your Kairo account has been deleted');
    expect(mail.text).not.toContain('Strava');
  });

  it('deletes the account when Strava cannot be reached, and the mail says how to end the access there', async () => {
    const leaving = await registerWithPassword(server, 'offline');
    const stravaId = sim.control.createAthlete({ historyDays: 1 }).id;
    expect(await connectStrava(leaving.browser, sim, stravaId)).toBe('/strava-success');
    await waitForJobs(server);
    // The stored refresh token no longer opens with this installation's key: the revocation fails before reaching Strava.
    await server.database.handle.query(`update strava_connections set refresh_token = 'not-a-sealed-token' where account_id = $1`, [leaving.id]);
    const revokesBefore = sim.control.requests.list({ path: '/oauth/revoke' }).length;

    const deleted = await leaving.browser.post('/api/account/deletion', { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(sim.control.requests.list({ path: '/oauth/revoke' })).toHaveLength(revokesBefore);
    expect(nonZero(await rowsNaming(server, needlesOf(leaving)))).toEqual({});
    const mail = await server.mail.waitFor((message) => message.to === leaving.email && message.subject === 'Your Kairo account has been deleted');
    expect(mail.text).toContain('Strava could not be reached');
    expect(mail.text).toContain('Settings → My Apps on strava.com');
  });

  it('deletes an account in the middle of its Strava backfill, and the sync writes nothing of it back', async () => {
    const leaving = await registerWithPassword(server, 'syncing');
    const stravaId = sim.control.createAthlete({ historyDays: 120 }).id;
    expect(await connectStrava(leaving.browser, sim, stravaId)).toBe('/strava-success');
    // The backfill has started: some activities are in, more are on their way.
    await waitFor(
      async () => (await server.database.handle.query('select 1 from activities where user_id = $1 limit 1', [leaving.id])).length,
      (found) => found > 0,
    );
    leaving.ownIds.push(...(await server.database.handle.query<{ id: string }>('select id from activities where user_id = $1', [leaving.id])).map((row) => row.id));
    const [pending] = await server.database.handle.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where data->>'accountId' = $1 and state in ('created', 'retry', 'active')`,
      [leaving.id],
    );
    expect(pending!.n, 'sync jobs still to run when the account goes').toBeGreaterThan(0);

    expect((await leaving.browser.post('/api/account/deletion', { password: PASSWORD })).status).toBe(200);
    await waitForJobs(server);
    expect(nonZero(await rowsNaming(server, needlesOf(leaving)))).toEqual({});
  });

  it('sweeps jobs a running job sent for an account deleted meanwhile, and no one else’s', async () => {
    const gone = await registerWithPassword(server, 'swept');
    expect((await gone.browser.post('/api/account/deletion', { password: PASSWORD })).status).toBe(200);
    // As a backfill page that was running during the deletion would queue the next page; later, so neither runs now.
    const startAfter = new Date(Date.now() + 3_600_000);
    const backfill = server.kairo.jobs.get('strava.backfill')!;
    const late = await server.kairo.queue.send(backfill, { accountId: gone.id }, { singletonKey: gone.id, startAfter });
    const kept = await server.kairo.queue.send(backfill, { accountId: other.id }, { singletonKey: other.id, startAfter });
    expect(late).not.toBeNull();
    expect(kept).not.toBeNull();
    const sweep = server.kairo.jobs.get('account-deletion.sweep')!;

    await sweep.handler({}, { id: 'test', retryCount: 0 });
    const left = await server.database.handle.query<{ id: string }>('select id from pgboss.job where id = any($1::uuid[])', [[late, kept]]);
    expect(left.map((row) => row.id)).toEqual([kept]);
    expect(nonZero(await rowsNaming(server, [gone.id, gone.email]))).toEqual({});
    await server.database.handle.query('delete from pgboss.job where id = $1', [kept]);
  });

  describe.runIf(kind === 'postgres')('with a second instance on the same database', () => {
    let second: Kairo;
    let secondDataDir: string;
    beforeAll(async () => {
      secondDataDir = mkdtempSync(join(tmpdir(), 'kairo-deletion-'));
      second = await startKairo(
        loadConfig({
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          DATA_DIR: secondDataDir,
          DATABASE_URL: server.database.url!,
          SMTP_URL: server.mail.url,
          MAP_TILE_URL: 'off',
          ...server.secrets,
          ...simEnv,
        }),
      );
    });
    afterAll(async () => {
      await second?.close();
      rmSync(secondDataDir, { recursive: true, force: true });
    });

    it('refuses the old session there at once, though it had just answered it from its cache', async () => {
      const leaving = await registerWithPassword(server, 'cluster');
      const elsewhere = { headers: { cookie: cookieOf(leaving.browser) } };
      const secondBrowser = createClient(second.url);
      // Resolved and cached by the second instance (SESSION_CACHE_SECONDS is 10).
      expect((await secondBrowser.get('/api/auth/user', elsewhere)).status).toBe(200);

      expect((await leaving.browser.post('/api/account/deletion', { password: PASSWORD })).status).toBe(200);
      await waitFor(
        async () => (await secondBrowser.get('/api/auth/user', elsewhere)).status,
        (status) => status === 401,
        5_000,
      );
      expect((await secondBrowser.post('/api/account/deletion', { password: PASSWORD }, elsewhere)).status).toBe(401);
    });
  });
});
