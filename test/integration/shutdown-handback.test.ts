import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportStatus } from '../../src/shared/api/imports.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startKairoProcess, type KairoProcess } from '../support/kairo-process.ts';
import { connectStrava, registerAthlete, startSimForKairo, waitFor } from '../support/strava.ts';
import { stravaExportWith } from '../support/strava-export.ts';

const kinds = await testDatabaseKinds();
/** Many seconds of work for one archive job: the stop lands in its middle. */
const ARCHIVE_ACTIVITIES = 300;
const GRACE_S = 2;
/** Slow enough that a backfill of ~60 activities takes several seconds: the stop lands in its middle. */
const DETAIL_LATENCY_MS = 300;
const STREAMS_ROUTE = '/api/v3/activities/:id/streams';

/**
 * The settings both instances share (a cluster sets them in its environment), with a short grace
 * period, and a handed-back job retried after 1-2 s rather than production's 10-20 s.
 */
function handbackEnv(): Record<string, string> {
  return {
    KAIRO_CLUSTER: '1',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    STRAVA_WEBHOOK_VERIFY_TOKEN: 'cluster-verify-token',
    SHUTDOWN_NOTICE_SECONDS: '0',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
    JOB_RETRY_DELAY_SECONDS: '1',
    LOG_LEVEL: 'info',
  };
}

async function importStatus(browser: TestClient, id: string): Promise<ImportStatus> {
  return (await browser.get<ImportStatus>(`/api/imports/${id}`)).body;
}

/**
 * Two instances on one PostgreSQL database (`node src/server/main.ts` each). The one running an
 * archive import gets SIGTERM with a short grace period: it exits 0 and hands the job back, the
 * other instance finishes it, and every activity of the archive is stored exactly once.
 */
describe.runIf(kinds.includes('postgres'))('A job handed back by a stopping instance', () => {
  let database: TestDatabase;
  const instances: KairoProcess[] = [];
  const dataDirs: string[] = [];

  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is finished by the other instance, nothing lost and nothing twice', { timeout: 240_000 }, async () => {
    database = await createTestDatabase('postgres');
    const env = handbackEnv();
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'kairo-handback-'));
      dataDirs.push(dataDir);
      const instance = await startKairoProcess({ dataDir, databaseUrl: database.url!, env });
      instances.push(instance);
      return instance;
    };

    const stopping = await start();
    const browser = await registerAthlete(stopping.url);
    const upload = await browser.upload('/api/imports', 'export_handback.zip', await stravaExportWith(ARCHIVE_ACTIVITIES));
    expect(upload.status).toBe(202);
    const importId: string = upload.body.import.id;
    await waitFor(() => importStatus(browser, importId), (status) => status.imported > 0, 60_000);

    // Stopped as soon as the import is under way (not after another instance has started, seconds
    // in which a fast machine imports the whole archive); the job waits in the queue for the other.
    const signalledAt = Date.now();
    process.kill(stopping.pid, 'SIGTERM');
    expect(await stopping.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan((GRACE_S + 3) * 1000);

    const [atStop] = await database.handle.query<{ status: string; done: number }>(
      'select status, imported + duplicates + failed as done from imports where id = $1',
      [importId],
    );
    expect(atStop!.status).toBe('running');
    expect(atStop!.done).toBeLessThan(ARCHIVE_ACTIVITIES);

    // The same browser, its session now served by the other instance (the secrets are shared).
    const staying = await start();
    const sameBrowser = createClient(staying.url);
    for (const [name, value] of browser.jar) sameBrowser.jar.set(name, value);
    const finished = await waitFor(() => importStatus(sameBrowser, importId), (status) => status.status === 'done', 180_000);
    expect(finished.failed).toBe(0);
    expect(finished.imported + finished.duplicates).toBe(ARCHIVE_ACTIVITIES);

    const stored = await database.handle.query<{ source_key: string }>("select source_key from activities where source = 'archive' order by source_key");
    expect(stored.map((row) => row.source_key)).toEqual(
      Array.from({ length: ARCHIVE_ACTIVITIES }, (_, index) => `strava-export:${900_000 + index}`).sort(),
    );
    const [job] = await database.handle.query<{ state: string; retry_count: number }>(
      "select state::text, retry_count from pgboss.job where name = 'imports.archive' and data->>'importId' = $1",
      [importId],
    );
    // Handed back once by the stopping instance, then completed by the other.
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
    const [parts] = await database.handle.query<{ n: number }>('select count(*)::int as n from import_upload_parts where import_id = $1', [importId]);
    expect(parts!.n).toBe(0);
    expect(stopping.output()).toMatch(/SIGTERM: shutting down/);
  });
});

/**
 * The same for a Strava backfill: the instance running it gets SIGTERM part-way through the
 * detail and stream fetches, exits 0, and the other instance finishes the history: every
 * activity stored once, each with its streams, the backfill marked done.
 */
describe.runIf(kinds.includes('postgres'))('A Strava backfill when its instance is stopped', () => {
  let database: TestDatabase | undefined;
  let sim: RunningStravaSim | undefined;
  const instances: KairoProcess[] = [];
  const dataDirs: string[] = [];

  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await database?.drop();
    await sim?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is finished by the other instance: every activity once, each with its streams', { timeout: 240_000 }, async () => {
    database = await createTestDatabase('postgres');
    const started = await startSimForKairo();
    sim = started.sim;
    sim.control.faults.delay({ delayMs: DETAIL_LATENCY_MS, path: /^\/api\/v3\/activities\/\d+/ });
    const env = { ...started.env, ...handbackEnv() };
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'kairo-handback-'));
      dataDirs.push(dataDir);
      const instance = await startKairoProcess({ dataDir, databaseUrl: database!.url!, env });
      instances.push(instance);
      return instance;
    };
    const athlete = sim.control.createAthlete({ historyDays: 60 });
    const stravaIds = sim.control.activities(athlete.id).map((activity) => String(activity.id));
    expect(stravaIds.length).toBeGreaterThan(40);
    const streamsServed = () => sim!.control.requests.list({ route: STREAMS_ROUTE });

    const stopping = await start();
    const browser = await registerAthlete(stopping.url);
    expect(await connectStrava(browser, sim, athlete.id)).toBe('/strava-success');
    const staying = await start();
    await waitFor(async () => streamsServed().length, (served) => served >= stravaIds.length / 3, 60_000);

    const signalledAt = Date.now();
    process.kill(stopping.pid, 'SIGTERM');
    expect(await stopping.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan((GRACE_S + 3) * 1000);
    const servedAtStop = streamsServed().length;
    expect(servedAtStop).toBeLessThan(stravaIds.length);

    // The same browser, its session now served by the other instance.
    const sameBrowser = createClient(staying.url);
    for (const [name, value] of browser.jar) sameBrowser.jar.set(name, value);
    const storedStrava = () =>
      database!.handle.query<{ source_key: string; streams: number }>(
        `select a.source_key, count(s.activity_id)::int as streams
           from activities a left join activity_streams s on s.activity_id = a.id
          where a.source = 'strava' group by a.id order by a.source_key`,
      );
    const stored = await waitFor(storedStrava, (rows) => rows.length === stravaIds.length && rows.every((row) => row.streams === 1), 180_000);
    expect(stored.map((row) => row.source_key).sort()).toEqual([...stravaIds].sort());
    await waitFor(async () => (await sameBrowser.get('/api/strava/status')).body.backfillDone, (done) => done === true, 60_000);
    expect(streamsServed().length).toBeGreaterThan(servedAtStop);
    const failed = await database.handle.query(`select name, output from pgboss.job where state = 'failed' and name like 'strava.%'`);
    expect(failed).toEqual([]);
    expect(stopping.output()).toMatch(/SIGTERM: shutting down/);
  });
});

