import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { FAILURES_PER_CLIENT } from '../../src/server/features/auth/login-throttle.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { adminQuery, clusterInstanceEnv, POSTGRES_ADMIN_URL, testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { connectStrava, registerAthlete, startSimForKairo, waitFor } from '../support/strava.ts';
import { trainerRide } from '../support/recordings.ts';

/**
 * Three Kairo instances on one PostgreSQL database and one standalone simulated Strava, as a club
 * runs them behind a load balancer (ADR 0041): whatever instance a request or a job lands on, the
 * answer is the one a single instance would give.
 */
const kinds = await testDatabaseKinds();
const postgres = kinds.includes('postgres');

/** Strava's windows shrunk to 5 s, with a read budget three backfills overrun several times. */
const SIM_LIMITS = {
  shortWindowS: 5,
  overallShortLimit: 15,
  readShortLimit: 10,
  overallLongLimit: 100_000,
  readLongLimit: 100_000,
};
const INSTANCES = 3;
const PASSWORD = 'correct horse battery';

describe.skipIf(!postgres)(
  postgres ? 'three instances on one PostgreSQL database' : `three instances on one PostgreSQL database (skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL})`,
  () => {
    const databaseName = `kairo_t_${randomBytes(6).toString('hex')}`;
    const databaseUrl = Object.assign(new URL(POSTGRES_ADMIN_URL), { pathname: `/${databaseName}` }).toString();
    const instances: Kairo[] = [];
    const dataDirs: string[] = [];
    let sim: RunningStravaSim;
    let cronScheduledAt = 0;
    /** A connected athlete's browser (signed in on the first instance), from the backfill test on. */
    let connected: TestClient | undefined;

    /** A browser whose cookies every instance receives (one jar), as behind a load balancer. */
    function browserAcross(): { on: (index: number) => TestClient } {
      const clients = instances.map((instance) => createClient(instance.url));
      let last = clients[0]!;
      // Each client has its own jar: the next one starts from the cookies the last one ended with.
      return {
        on(index) {
          const client = clients[index]!;
          if (client !== last) {
            client.jar.clear();
            for (const [name, value] of last.jar) client.jar.set(name, value);
          }
          last = client;
          return client;
        },
      };
    }

    const get = async (client: TestClient, path: string) => (await client.get(path)).status;

    beforeAll(async () => {
      await adminQuery(`create database ${databaseName}`);
      const started = await startSimForKairo(SIM_LIMITS);
      sim = started.sim;
      // The secrets every instance must share (a cluster sets them in its environment).
      const shared = { ...clusterInstanceEnv(databaseUrl), ...started.env };
      // All at once on the fresh database, as a rollout starts them.
      const booted = await Promise.all(
        Array.from({ length: INSTANCES }, () => {
          const dataDir = mkdtempSync(join(tmpdir(), 'kairo-cluster-'));
          dataDirs.push(dataDir);
          return startKairo(loadConfig({ ...shared, DATA_DIR: dataDir }));
        }),
      );
      instances.push(...booted);

      // An every-minute schedule for the housekeeping job, so a run falls inside this suite.
      const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
      boss.on('error', () => undefined);
      await boss.start();
      // Its data tells its jobs from those of Kairo's own schedule for the same job (every 10 minutes).
      await boss.schedule('housekeeping.purge', '* * * * *', { schedule: 'cluster-test' }, { key: 'cluster-test' });
      await boss.stop({ graceful: false, close: true });
      cronScheduledAt = Date.now();
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await sim?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
    });

    it('a session works on every instance, and a sign-out on one is honoured on the others within 1 s', async () => {
      const browser = browserAcross();
      const registered = await browser.on(0).post('/api/auth/register', { email: uniqueEmail('cluster'), password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
      expect(registered.status).toBe(201);
      // Twice on each: the second answer may come from the instance's session cache.
      for (const index of [0, 1, 2, 0, 1, 2]) expect(await get(browser.on(index), '/api/auth/user')).toBe(200);

      const signedOut = browser.on(1);
      const cookie = [...signedOut.jar];
      expect((await signedOut.post('/api/auth/logout')).status).toBe(200);
      const outAt = Date.now();
      // The old cookie, replayed on the others (the browser itself dropped it).
      const replay = [0, 2].map((index) => {
        const client = createClient(instances[index]!.url);
        for (const [name, value] of cookie) client.jar.set(name, value);
        return client;
      });
      await waitFor(async () => Promise.all(replay.map((client) => get(client, '/api/auth/user'))), (statuses) => statuses.every((status) => status === 401), 1_000);
      const honouredMs = Date.now() - outAt;
      console.info(`sign-out on one instance honoured on the others after ${honouredMs} ms`);
      expect(honouredMs).toBeLessThan(1_000);
    });

    it('the sign-in limit holds across instances: the same number of wrong passwords as on one', async () => {
      const email = uniqueEmail('guarded');
      expect((await createClient(instances[0]!.url).post('/api/auth/register', { email, password: PASSWORD, firstName: 'Grace', lastName: 'Hopper' })).status).toBe(201);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < FAILURES_PER_CLIENT + 5 && !statuses.includes(429); attempt += 1) {
        const answer = await createClient(instances[attempt % INSTANCES]!.url).post('/api/auth/login', { email, password: 'wrong password here' });
        statuses.push(answer.status);
        if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES_PER_CLIENT);
      expect(statuses.at(-1)).toBe(429);
      // And on every instance from then on.
      for (const instance of instances) expect((await createClient(instance.url).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
    });

    it('an activity imported on one instance is listed on the others at once', async () => {
      const browser = browserAcross();
      expect((await browser.on(0).post('/api/auth/register', { email: uniqueEmail('importer'), password: PASSWORD, firstName: 'Eddy', lastName: 'Merckx' })).status).toBe(201);
      // The first page, empty, now in every instance's cache.
      for (const index of [0, 1, 2, 1, 2]) expect((await browser.on(index).get('/api/activities')).body).toEqual([]);
      const upload = await browser.on(0).upload('/api/imports', 'ride.fit', trainerRide().bytes);
      expect(upload.status).toBe(201);
      for (const index of [1, 2]) expect((await browser.on(index).get('/api/activities')).body).toHaveLength(1);
    });

    it('three backfills at once stay inside the one Strava budget (no 429), keep their tokens through a refresh, and a webhook posted to every instance is processed once', async () => {
      const athletes = Array.from({ length: 3 }, () => sim.control.createAthlete({ historyDays: 7 }));
      const browsers: TestClient[] = [];
      for (const [index, athlete] of athletes.entries()) {
        const browser = await registerAthlete(instances[index]!.url);
        browsers.push(browser);
        expect(await connectStrava(browser, sim, athlete.id)).toBe('/strava-success');
      }
      // Every token is near its expiry, and Strava takes 1.5 s to answer a refresh: instances running
      // the same athlete's jobs meanwhile all find the token expiring.
      sim.control.faults.delay({ method: 'POST', path: '/oauth/token', delayMs: 1_500 });
      const [admin] = instances;
      await admin!.database.query(`update strava_connections set expires_at = now() + interval '1 minute'`);
      const startedAt = Date.now();

      // Every Strava job done, on whichever instance it ran: each activity with its detail and streams.
      const stravaJobs = [...admin!.jobs.keys()].filter((name) => name.startsWith('strava.'));
      await admin!.queue.drained(stravaJobs, 75_000);
      for (const [index, athlete] of athletes.entries()) {
        expect((await browsers[index]!.get('/api/activities?limit=200')).body).toHaveLength(sim.control.activities(athlete.id).length);
      }
      const activityIds = athletes.flatMap((athlete) => sim.control.activities(athlete.id).map((activity) => activity.id));
      const details = sim.control.requests.list({ method: 'GET', route: '/api/v3/activities/:id' }).map((request) => Number(request.path.split('/').at(-1)));
      expect(new Set(details)).toEqual(new Set(activityIds));
      sim.control.faults.clear();
      const reads = sim.control.requests.list().filter((request) => request.method === 'GET' && request.route.startsWith('/api/v3'));
      const activityCount = athletes.reduce((sum, athlete) => sum + sim.control.activities(athlete.id).length, 0);
      console.info(`three backfills: ${activityCount} activities, ${reads.length} Strava reads in ${((Date.now() - startedAt) / 1000).toFixed(1)} s against a budget of ${SIM_LIMITS.readShortLimit} per ${SIM_LIMITS.shortWindowS} s`);
      expect(reads.length).toBeGreaterThan(3 * SIM_LIMITS.readShortLimit);
      expect(sim.control.requests.list({ status: 429 })).toEqual([]);
      const connections = await admin!.database.query<{ status: string; expires_at: Date }>('select status, expires_at from strava_connections');
      expect(connections.map((connection) => connection.status)).toEqual(['connected', 'connected', 'connected']);
      expect(connections.every((connection) => connection.expires_at.getTime() - Date.now() > 60 * 60_000)).toBe(true);
      // One refresh per athlete, however many instances found the token expiring.
      const refreshes = sim.control.requests.list({ method: 'POST', route: '/oauth/token' }).filter((request) => request.atMs >= startedAt);
      expect(refreshes).toHaveLength(athletes.length);

      // A new activity, announced to all three instances at once (a redelivery landing elsewhere).
      const athlete = athletes[0]!;
      const created = sim.control.addActivity(athlete.id, { sportType: 'Ride', name: 'Cluster loop' });
      const event = { object_type: 'activity', object_id: created.id, aspect_type: 'create', owner_id: athlete.id, subscription_id: 1, event_time: Math.floor(Date.now() / 1000) };
      const answers = await Promise.all(instances.map((instance) => createClient(instance.url, { origin: null }).post('/api/webhooks/strava', event)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const expected = sim.control.activities(athlete.id).length;
      await waitFor(async () => (await browsers[0]!.get('/api/activities?limit=200')).body.length, (count) => count === expected, 30_000);
      const fetched = sim.control.requests.list({ method: 'GET', path: `/api/v3/activities/${created.id}` });
      expect(fetched).toHaveLength(1);
      const rows = await admin!.database.query<{ n: number }>('select count(*)::int as n from activities where strava_activity_id = $1', [String(created.id)]);
      expect(rows[0]!.n).toBe(1);
      connected = browsers[0];
    }, 120_000);

    it('three instances needing a fresh token at the same moment refresh it once and stay connected', async () => {
      expect(connected).toBeDefined();
      const [admin] = instances;
      // The settings page reads the athlete from Strava when its copy is stale: make it stale, and
      // the token near expiry, with Strava slow to answer the refresh.
      await admin!.database.query(`update strava_connections set expires_at = now() + interval '1 minute'`);
      await admin!.database.query('update user_settings set athlete_data_cached_at = null');
      sim.control.faults.delay({ method: 'POST', path: '/oauth/token', delayMs: 1_000 });
      const since = Date.now();
      const cookies = [...connected!.jar];
      const answers = await Promise.all(
        instances.map((instance) => {
          const client = createClient(instance.url);
          for (const [name, value] of cookies) client.jar.set(name, value);
          return client.get('/api/user/settings');
        }),
      );
      sim.control.faults.clear();
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(sim.control.requests.list({ method: 'POST', route: '/oauth/token' }).filter((request) => request.atMs >= since)).toHaveLength(1);
      const statuses = await admin!.database.query<{ status: string }>('select status from strava_connections');
      expect(statuses.every((connection) => connection.status === 'connected')).toBe(true);
    });

    it('a scheduled job runs once per occurrence, whichever instances are up', async () => {
      // The every-minute schedule's first occurrence, plus the cron pass's interval.
      const firstOccurrence = Math.ceil(cronScheduledAt / 60_000) * 60_000;
      const jobs = await waitFor(
        () =>
          instances[0]!.database.query<{ minute: Date; n: number; done: number }>(
            `select date_trunc('minute', created_on) as minute, count(*)::int as n, count(*) filter (where state = 'completed')::int as done
               from pgboss.job where name = 'housekeeping.purge' and data->>'schedule' = 'cluster-test' and created_on >= $1 group by 1 order by 1`,
            [new Date(firstOccurrence - 1_000)],
          ),
        (rows) => rows.length > 0 && rows.every((row) => row.done === row.n),
        Math.max(5_000, firstOccurrence + 25_000 - Date.now()),
      );
      expect(jobs.map((row) => row.n)).toEqual(jobs.map(() => 1));
      // Kairo's own periodic work is all on pg-boss's schedules (none on a timer of each instance's own).
      const schedules = await instances[0]!.database.query<{ name: string }>(`select name from pgboss.schedule where key = '' order by name`);
      expect(schedules.map((schedule) => schedule.name)).toEqual(['account-deletion.sweep', 'data-export.sweep', 'housekeeping.purge', 'strava.purge']);
    }, 90_000);
  },
);
