import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportStatus } from '../../src/shared/api/imports.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startKairoProcess, type KairoProcess } from '../support/kairo-process.ts';
import { registerAthlete, waitFor } from '../support/strava.ts';
import { stravaExportWith } from '../support/strava-export.ts';

const kinds = await testDatabaseKinds();
/** Many seconds of work for one archive job: the stop lands in its middle. */
const ARCHIVE_ACTIVITIES = 300;
const GRACE_S = 2;

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
    const env = {
      KAIRO_CLUSTER: '1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'cluster-verify-token',
      SHUTDOWN_NOTICE_SECONDS: '0',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
      LOG_LEVEL: 'info',
    };
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

    const staying = await start();
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
