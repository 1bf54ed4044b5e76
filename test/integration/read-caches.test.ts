import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import type { FitnessDay } from '../../src/metrics/fitness.ts';
import { adminQuery, clusterInstanceEnv, POSTGRES_ADMIN_URL, testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { daysBeforeToday, exportRunTcx, powerRideTcx } from '../support/recordings.ts';
import { waitFor } from '../support/strava.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * The answers kept in memory (the fitness chart, the first page of the activity list, ADR 0052)
 * on two instances of one PostgreSQL database: a change made through either instance (an import,
 * an FTP change rescoring the history) is answered by both as soon as it is stored, never up to
 * the caches' 10 s lifetime later. The series read is also compared with the stored rows, so what
 * the cache serves is what the database holds.
 */
const kinds = await testDatabaseKinds();
const postgres = kinds.includes('postgres');
const PASSWORD = 'correct horse battery';
/** Well under the caches' lifetime (10 s): an answer this late can only come from an invalidation. */
const AT_ONCE_MS = 2_000;


describe.skipIf(!postgres)(
  postgres ? 'read caches on two instances' : `read caches on two instances (skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL})`,
  () => {
    const databaseName = `kairo_t_${randomBytes(6).toString('hex')}`;
    const databaseUrl = Object.assign(new URL(POSTGRES_ADMIN_URL), { pathname: `/${databaseName}` }).toString();
    const instances: Kairo[] = [];
    const dataDirs: string[] = [];

    beforeAll(async () => {
      await adminQuery(`create database ${databaseName}`);
      const shared = clusterInstanceEnv(databaseUrl);
      for (let index = 0; index < 2; index++) {
        const dataDir = mkdtempSync(join(tmpdir(), 'kairo-read-caches-'));
        dataDirs.push(dataDir);
        instances.push(await startKairo(loadConfig({ ...shared, DATA_DIR: dataDir })));
      }
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
    });

    it('the fitness chart and the activity list change on both instances as soon as an import or an FTP change is stored', async () => {
      const [a, b] = instances.map((instance) => createClient(instance.url)) as [TestClient, TestClient];
      expect((await a.post('/api/auth/register', { email: uniqueEmail('caches'), password: PASSWORD, firstName: 'Ada', lastName: 'Cache' })).status).toBe(201);
      for (const [name, value] of a.jar) b.jar.set(name, value);
      const [account] = await instances[0]!.database.query<{ id: string }>(`select id from accounts order by created_at desc limit 1`);
      const accountId = account!.id;
      expect((await a.put('/api/user/settings', { athleteFtp: 200 })).status).toBe(200);

      const chart = async (client: TestClient) => {
        const response = await client.get<FitnessDay[]>('/api/fitness?days=90');
        expect(response.status).toBe(200);
        return response.text;
      };
      const list = async (client: TestClient) => (await client.get<{ id: string }[]>('/api/activities')).body.map((item) => item.id);
      /** The stored days of the chart's window, as the chart's figures must be. */
      const stored = async () => {
        const today = Date.parse(new Date().toISOString().slice(0, 10));
        const rows = await instances[0]!.database.query<FitnessDay>(
          `select date::text as date, load, ctl, atl, tsb from fitness_days where user_id = $1 and date >= $2::date order by date`,
          [accountId, new Date(today - 89 * DAY_MS).toISOString().slice(0, 10)],
        );
        return JSON.stringify(rows);
      };
      /** The chart's days that are stored (those up to the last day with load), as JSON. */
      const storedPartOf = (answer: string, storedJson: string) => {
        const storedDates = new Set((JSON.parse(storedJson) as FitnessDay[]).map((day) => day.date));
        return JSON.stringify((JSON.parse(answer) as FitnessDay[]).filter((day) => storedDates.has(day.date)));
      };
      /** Both instances answer the stored series within AT_ONCE_MS of it being stored; their answers are identical. */
      const bothAnswer = async (storedJson: string) => {
        const startedAt = Date.now();
        const answers = await waitFor(
          () => Promise.all([chart(a), chart(b)]),
          ([fromA, fromB]) => storedPartOf(fromA, storedJson) === storedJson && storedPartOf(fromB, storedJson) === storedJson,
          AT_ONCE_MS,
        );
        expect(Date.now() - startedAt).toBeLessThan(AT_ONCE_MS);
        expect(answers[0]).toBe(answers[1]);
        return answers[0];
      };
      const waitForStoredChange = (from: string) => waitFor(stored, (now) => now !== from && now !== '[]', 60_000);

      // A power ride three days ago, imported on A: the chart and the list are read, and so kept, on both.
      const ride = await a.upload('/api/imports', 'ride.tcx', powerRideTcx(daysBeforeToday(3)).bytes);
      expect(ride.status).toBe(201);
      const firstSeries = await waitForStoredChange('[]');
      const chartWithRide = await bothAnswer(firstSeries);
      for (const client of [a, b, a, b]) expect(await chart(client)).toBe(chartWithRide);
      for (const client of [a, b, a, b]) expect(await list(client)).toEqual([ride.body.activity.id]);
      // A kept answer carries its ETag: the browser that has it gets 304 without the body, on either instance.
      const kept = await a.get('/api/fitness?days=90');
      const etag = kept.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(kept.headers.get('cache-control')).toBe('private, no-cache');
      expect(kept.headers.get('content-type')).toBe('application/json; charset=utf-8');
      for (const client of [a, b]) {
        const revalidated = await client.get('/api/fitness?days=90', { headers: { 'if-none-match': etag } });
        expect(revalidated.status).toBe(304);
        expect(revalidated.text).toBe('');
      }

      // A run two days ago, imported on B: both lists have it at once, both charts once its load is stored.
      const run = await b.upload('/api/imports', 'run.tcx', exportRunTcx(daysBeforeToday(2)).bytes);
      expect(run.status).toBe(201);
      for (const client of [a, b]) expect(await list(client)).toEqual([run.body.activity.id, ride.body.activity.id]);
      const withRun = await waitForStoredChange(firstSeries);
      // The kept first page is byte for byte the page read uncached (a page before a far date), once the
      // run is scored: scoring writes its cleaned averages onto the activity, which a page read before
      // would miss and one read after would not.
      const keptPage = await b.get('/api/activities');
      const uncachedPage = await b.get(`/api/activities?before=${encodeURIComponent('2100-01-01T00:00:00.000Z')}`);
      expect(keptPage.text).toBe(uncachedPage.text);
      expect(keptPage.headers.get('content-type')).toBe(uncachedPage.headers.get('content-type'));
      const chartWithRun = await bothAnswer(withRun);
      expect(chartWithRun).not.toBe(chartWithRide);
      expect((await b.get('/api/fitness?days=90', { headers: { 'if-none-match': etag } })).status).toBe(200);

      // A higher FTP, set on B: the ride's power load falls, and both charts follow once the rescored series is stored.
      expect((await b.put('/api/user/settings', { athleteFtp: 300 })).status).toBe(200);
      const rescored = await waitForStoredChange(withRun);
      const chartRescored = await bothAnswer(rescored);
      expect(chartRescored).not.toBe(chartWithRun);
      const rideDay = new Date(Date.parse(new Date().toISOString().slice(0, 10)) - 3 * DAY_MS).toISOString().slice(0, 10);
      const loadOn = (answer: string) => (JSON.parse(answer) as FitnessDay[]).find((day) => day.date === rideDay)?.load ?? 0;
      expect(loadOn(chartRescored)).toBeLessThan(loadOn(chartWithRun));
    }, 180_000);

    it("the calendar's days, kept on both instances, change on both as soon as the athlete writes anything on either (ADR 0090)", async () => {
      const [a, b] = instances.map((instance) => createClient(instance.url)) as [TestClient, TestClient];
      expect((await a.post('/api/auth/register', { email: uniqueEmail('kept-days'), password: PASSWORD, firstName: 'Ada', lastName: 'Days' })).status).toBe(201);
      for (const [name, value] of a.jar) b.jar.set(name, value);
      const range = `/api/calendar?from=${daysBeforeToday(20).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`;
      const weekStart = async (client: TestClient) => {
        const response = await client.get<{ weekStartsOn: string }>(range);
        expect(response.status).toBe(200);
        return { weekStartsOn: response.body.weekStartsOn, etag: response.headers.get('etag') };
      };
      const before = await weekStart(a);
      for (const client of [a, b, a, b]) expect(await weekStart(client)).toEqual({ weekStartsOn: 'monday', etag: before.etag });

      // A setting saved on B: A hears of it within milliseconds and drops its kept days, so both read the new week start at once.
      expect((await b.put('/api/user/settings', { weekStartsOn: 'sunday' })).status).toBe(200);
      const startedAt = Date.now();
      const [onA, onB] = await waitFor(
        () => Promise.all([weekStart(a), weekStart(b)]),
        ([fromA, fromB]) => fromA.weekStartsOn === 'sunday' && fromB.weekStartsOn === 'sunday',
        AT_ONCE_MS,
      );
      expect(Date.now() - startedAt).toBeLessThan(AT_ONCE_MS);
      expect(onA.etag).toBe(onB.etag);
      expect(onA.etag).not.toBe(before.etag);
    }, 60_000);
  },
);
