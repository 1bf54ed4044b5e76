import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActivityListItem } from '../../src/shared/api/activities.ts';
import type { ImportStatus } from '../../src/shared/api/imports.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { useKairoChildWithSim } from '../support/kairo-child-with-sim.ts';
import type { KairoProcess } from '../support/kairo-process.ts';
import { connectStrava, registerAthlete, waitFor } from '../support/strava.ts';
import { stravaExportWith } from '../support/strava-export.ts';

const kinds = await testDatabaseKinds();

/**
 * Slow enough that the detail fetches of ~60 activities take about ten seconds: once a third is
 * done, the rest takes several seconds more, ample time to start the archive import and kill.
 */
const DETAIL_LATENCY_MS = 300;
/** The archive is uploaded once this share of the activities' streams has been served. */
const UPLOAD_AFTER_SHARE = 1 / 3;
/** Several seconds of work for the archive job: it is killed soon after its first entry. */
const ARCHIVE_ACTIVITIES = 300;
const RECOVERY_TIMEOUT_MS = 120_000;

const STREAMS_ROUTE = '/api/v3/activities/:id/streams';

interface StoredActivity {
  source: string;
  source_key: string;
  streams: number;
}

/**
 * Kairo killed with SIGKILL in the middle of a Strava backfill and of an archive import, then
 * started again on the same data: both must finish by themselves, with every activity exactly once
 * and with its streams. Kairo runs as a child process (`node src/server/main.ts`), as in
 * production, so the kill is a real one.
 */
describe.each(kinds)('Sync and import killed mid-way on %s', (kind: TestDatabaseKind) => {
  const rig = useKairoChildWithSim(kind, {
    prepareSim: (sim) => sim.control.faults.delay({ delayMs: DETAIL_LATENCY_MS, path: /^\/api\/v3\/activities\/\d+/ }),
  });
  const { start: startKairo, inDatabase } = rig;
  let kairo: KairoProcess | undefined;

  it(
    'finishes both after a restart: every activity once, each with its streams',
    async () => {
      const athlete = rig.sim.control.createAthlete({ historyDays: 60 });
      const stravaIds = rig.sim.control.activities(athlete.id).map((activity) => String(activity.id));
      const expected = stravaIds.length;
      expect(expected).toBeGreaterThan(40);
      const streamsServed = () => rig.sim.control.requests.list({ route: STREAMS_ROUTE });
      const archive = await stravaExportWith(ARCHIVE_ACTIVITIES);

      kairo = await startKairo();
      const browser = await registerAthlete(kairo.url);
      expect(await connectStrava(browser, rig.sim, athlete.id)).toBe('/strava-success');
      await waitFor(async () => streamsServed().length, (served) => served >= expected * UPLOAD_AFTER_SHARE, 60_000);
      const upload = await browser.upload('/api/imports', 'export_crash.zip', archive);
      expect(upload.status).toBe(202);
      const importId: string = upload.body.import.id;
      await waitFor(() => importStatus(browser, importId), (status) => status.imported > 0, 60_000);
      await kairo.kill();

      // Streams not yet served cannot have been stored, nor archive entries not yet counted: the
      // kill left both jobs part-way.
      const servedBeforeKill = streamsServed().length;
      expect(servedBeforeKill).toBeLessThan(expected);
      const [atKill] = await inDatabase((database) =>
        database.query<{ status: string; done: number }>('select status, imported + duplicates + failed as done from imports where id = $1', [
          importId,
        ]),
      );
      expect(atKill).toMatchObject({ status: 'running', done: expect.any(Number) });
      expect(atKill!.done).toBeLessThan(ARCHIVE_ACTIVITIES);

      // Same data directory, database and port: the session cookie from before the kill still works.
      kairo = await startKairo(kairo.port);
      const imported = await waitFor(() => importStatus(browser, importId), (status) => status.status === 'done', RECOVERY_TIMEOUT_MS);
      // The killed run's working copy of the archive is gone too; the archive itself was in the database.
      expect(readdirSync(join(rig.dataDir, 'imports'))).toEqual([]);
      await waitFor(() => stravaActivityIds(browser), (ids) => ids.length === expected, RECOVERY_TIMEOUT_MS);
      expect((await browser.get('/api/strava/status')).body.backfillDone).toBe(true);
      for (const id of await stravaActivityIds(browser)) {
        await waitFor(() => hasStreams(browser, id), Boolean, RECOVERY_TIMEOUT_MS);
      }
      await kairo.stop();

      const stored = await inDatabase((database) =>
        database.query<StoredActivity>(
          `select a.source::text, a.source_key, count(s.activity_id)::int as streams
             from activities a left join activity_streams s on s.activity_id = a.id
            group by a.id`,
        ),
      );
      const keysOf = (source: string) =>
        stored
          .filter((row) => row.source === source)
          .map((row) => row.source_key)
          .sort();
      expect(keysOf('strava')).toEqual([...stravaIds].sort());
      expect(keysOf('archive')).toEqual(Array.from({ length: ARCHIVE_ACTIVITIES }, (_, index) => `strava-export:${900_000 + index}`).sort());
      expect(stored.filter((row) => row.streams !== 1)).toEqual([]);

      // The entry in hand at the kill may be counted as a duplicate on resumption; none is lost or failed.
      expect(imported.imported + imported.duplicates).toBe(ARCHIVE_ACTIVITIES);
      expect(imported.duplicates).toBeLessThanOrEqual(1);
      expect(imported.failed).toBe(0);
      // A job killed after its work but before its completion may still be queued for a (harmless)
      // rerun; none may have given up.
      const failed = await inDatabase((database) => database.query(`select name, output from pgboss.job where state = 'failed' and name ~ '^(strava|imports)\\.'`));
      expect(failed).toEqual([]);

      // Resumed, not started over: only the fetches the kill interrupted were made twice.
      const fetches = new Map<string, number>();
      for (const request of streamsServed()) fetches.set(request.path, (fetches.get(request.path) ?? 0) + 1);
      expect(fetches.size).toBe(expected);
      expect([...fetches.values()].filter((count) => count > 1).length).toBeLessThan(servedBeforeKill);
    },
    RECOVERY_TIMEOUT_MS + 60_000,
  );
});

async function importStatus(browser: TestClient, id: string): Promise<ImportStatus> {
  const status = await browser.get<ImportStatus>(`/api/imports/${id}`);
  expect(status.status).toBe(200);
  return status.body;
}

/** Every Strava activity of the account, paging through the list newest first. */
async function stravaActivityIds(browser: TestClient): Promise<string[]> {
  const ids: string[] = [];
  for (let before: string | undefined; ; ) {
    const page = await browser.get<ActivityListItem[]>(`/api/activities?limit=200${before ? `&before=${encodeURIComponent(before)}` : ''}`);
    expect(page.status).toBe(200);
    ids.push(...page.body.filter((activity) => activity.source === 'strava').map((activity) => activity.id));
    if (page.body.length < 200) return ids;
    before = page.body.at(-1)!.startDate;
  }
}

async function hasStreams(browser: TestClient, id: string): Promise<boolean> {
  const detail = await browser.get(`/api/activities/${id}`);
  expect(detail.status).toBe(200);
  return detail.body.hasStreams;
}
