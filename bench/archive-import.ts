import type { ImportStatus } from '../src/shared/api/imports.ts';
import type { TestClient } from '../test/support/http-client.ts';
import { waitFor } from '../test/support/strava.ts';

export interface ArchiveImportRun {
  activities: number;
  archiveBytes: number;
  /** From the start of the upload until the import reports done. */
  wallS: number;
  activitiesPerS: number;
}

/** Uploads the archive as the signed-in browser and times the import job until it reports done. */
export async function benchArchiveImport(browser: TestClient, archive: Buffer, timeoutMs: number): Promise<ArchiveImportRun> {
  const startedAt = performance.now();
  const upload = await browser.upload('/api/imports', 'export_bench.zip', archive);
  if (upload.status !== 202) throw new Error(`POST /api/imports answered ${upload.status}: ${upload.text.slice(0, 300)}`);
  const importId: string = upload.body.import.id;
  const done = await waitFor(
    async () => (await browser.get<ImportStatus>(`/api/imports/${importId}`)).body,
    (status) => status.status === 'done' || status.status === 'failed',
    timeoutMs,
  );
  const wallS = (performance.now() - startedAt) / 1000;
  if (done.status !== 'done' || done.failed > 0 || done.imported !== done.total) {
    throw new Error(`the archive import ended ${done.status}: ${JSON.stringify(done)}`);
  }
  return {
    activities: done.imported,
    archiveBytes: archive.length,
    wallS: Number(wallS.toFixed(2)),
    activitiesPerS: Number((done.imported / wallS).toFixed(1)),
  };
}
