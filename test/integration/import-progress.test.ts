import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportStatus } from '../../src/shared/api/imports.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';
import { stravaExportWith } from '../support/strava-export.ts';
import { waitForImport } from '../support/uploads.ts';
import { sameRun } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();
/** Large enough that the job is still at work when the test has seen it start and cancels. */
const ACTIVITIES = 150;

/**
 * An archive import's progress as the progress bar reads it (issue 29): every count honest at every
 * look, the time left from the rate so far, the running import listed for a reloaded page, and
 * Cancel leaving a consistent account — what came in stays and is scored, nothing half-written, the
 * rest importable later.
 */
describe.each(kinds)('archive import progress and cancel on %s', (kind) => {
  let server: TestKairo;
  let archive: Buffer;
  beforeAll(async () => {
    [server, archive] = await Promise.all([startTestKairo(kind), stravaExportWith(ACTIVITIES)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const handled = (status: ImportStatus) => status.imported + status.duplicates + status.skipped + status.failed;
  const storedParts = async (id: string) =>
    (await server.database.handle.query<{ n: number }>('select count(*)::int as n from import_upload_parts where import_id = $1', [id]))[0]!.n;

  it('reports counts that only grow and add up, a time left while it runs, and lists the running import for a reloaded page', async () => {
    const athlete = await registerAthlete(server.url);
    const started = await athlete.upload('/api/imports', 'export_progress.zip', archive);
    expect(started.status).toBe(202);
    const id = started.body.import.id as string;
    expect(started.body.import).toMatchObject({ status: 'queued', total: ACTIVITIES, startedAt: null, secondsLeft: null });

    const seen: ImportStatus[] = [];
    let listedWhileRunning: ImportStatus | undefined;
    for (;;) {
      const status = (await athlete.get(`/api/imports/${id}`)).body as ImportStatus;
      seen.push(status);
      if (status.status === 'running' && status.imported > 0 && !listedWhileRunning) {
        listedWhileRunning = ((await athlete.get('/api/imports')).body as ImportStatus[]).find((entry) => entry.id === id);
      }
      if (status.status === 'done') break;
      expect(status.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    for (const [index, status] of seen.entries()) {
      expect(handled(status)).toBeLessThanOrEqual(status.total);
      if (index > 0) {
        const before = seen[index - 1]!;
        for (const counter of ['imported', 'duplicates', 'skipped', 'failed'] as const) expect(status[counter]).toBeGreaterThanOrEqual(before[counter]);
      }
      if (status.status === 'running' && status.imported > 0) {
        expect(status.startedAt).not.toBeNull();
        expect(status.secondsLeft).toBeGreaterThanOrEqual(0);
      }
    }
    expect(seen.some((status) => status.status === 'running' && handled(status) > 0 && handled(status) < ACTIVITIES)).toBe(true);
    expect(listedWhileRunning).toMatchObject({ id, kind: 'archive', status: 'running' });
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ status: 'done', imported: ACTIVITIES, duplicates: 0, failed: 0, skipped: 0, secondsLeft: null });
    expect((await athlete.get('/api/activities?limit=200')).body).toHaveLength(ACTIVITIES);
  });

  it('cancels between two activities: what came in stays and is scored, the rest imports later as new', async () => {
    const athlete = await registerAthlete(server.url);
    const started = await athlete.upload('/api/imports', 'export_cancel.zip', archive);
    const id = started.body.import.id as string;
    let running: ImportStatus;
    for (;;) {
      running = (await athlete.get(`/api/imports/${id}`)).body as ImportStatus;
      if (running.imported > 0 || running.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(running.status).toBe('running');
    const cancelled = await athlete.post(`/api/imports/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, status: 'cancelled', secondsLeft: null });

    await waitForJobs(server);
    const after = (await athlete.get(`/api/imports/${id}`)).body as ImportStatus;
    expect(after.status).toBe('cancelled');
    // The job stopped after the activity in hand: short of the whole archive, no count moved since.
    expect(after.imported).toBeGreaterThanOrEqual(cancelled.body.imported);
    expect(after.imported).toBeLessThanOrEqual(cancelled.body.imported + 1);
    expect(after.imported).toBeLessThan(ACTIVITIES);
    await waitForJobs(server);
    expect((await athlete.get(`/api/imports/${id}`)).body).toEqual(after);
    // Consistent: the account holds exactly the activities counted, each scored; the upload is gone.
    const activities = (await athlete.get('/api/activities?limit=200')).body as { id: string; trainingLoad: number | null }[];
    expect(activities).toHaveLength(after.imported);
    const unscored = await server.database.handle.query<{ n: number }>(
      'select count(*)::int as n from activities a where a.user_id = (select account_id from imports where id = $1) and not exists (select 1 from activity_metrics m where m.activity_id = a.id)',
      [id],
    );
    expect(unscored[0]!.n).toBe(0);
    expect(await storedParts(id)).toBe(0);

    // A second cancel, or one of an import that ended, is refused; the archive again brings the rest.
    const again = await athlete.post(`/api/imports/${id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This import was already cancelled');
    const rest = await waitForImport(athlete, (await athlete.upload('/api/imports', 'export_cancel.zip', archive)).body.import.id);
    expect(rest).toMatchObject({ status: 'done', duplicates: after.imported, imported: ACTIVITIES - after.imported, failed: 0 });
    expect((await athlete.get('/api/activities?limit=200')).body).toHaveLength(ACTIVITIES);
    expect((await athlete.post(`/api/imports/${rest.id}/cancel`, {})).body.message).toBe('This import has already ended');
  });

  it('cancels a queued import before it starts: nothing is imported and its upload goes', async () => {
    const athlete = await registerAthlete(server.url);
    await server.kairo.queue.pause();
    let id: string;
    try {
      id = (await athlete.upload('/api/imports', 'export_queued.zip', archive)).body.import.id;
      expect(await storedParts(id)).toBeGreaterThan(0);
      const cancelled = await athlete.post(`/api/imports/${id}/cancel`, {});
      expect(cancelled.body).toMatchObject({ status: 'cancelled', imported: 0 });
    } finally {
      await server.kairo.queue.work();
    }
    await waitForJobs(server);
    expect((await athlete.get(`/api/imports/${id}`)).body).toMatchObject({ status: 'cancelled', imported: 0, startedAt: null });
    expect((await athlete.get('/api/activities')).body).toEqual([]);
    expect(await storedParts(id)).toBe(0);
  });

  it("refuses to cancel a single file's import, another account's import (404), and without a session (401)", async () => {
    const owner = await registerAthlete(server.url);
    const file = await owner.upload('/api/imports', 'run.fit', sameRun('fit').bytes);
    const refused = await owner.post(`/api/imports/${file.body.import.id}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A single file is imported at once; there is nothing to cancel');

    const stranger: TestClient = await registerAthlete(server.url);
    await server.kairo.queue.pause();
    try {
      const id = (await owner.upload('/api/imports', 'export_owner.zip', archive)).body.import.id;
      expect((await stranger.post(`/api/imports/${id}/cancel`, {})).status).toBe(404);
      expect((await stranger.post('/api/imports/not-a-uuid/cancel', {})).status).toBe(404);
      expect((await createClient(server.url).post(`/api/imports/${id}/cancel`, {})).status).toBe(401);
      expect((await owner.get(`/api/imports/${id}`)).body.status).toBe('queued');
    } finally {
      await server.kairo.queue.work();
    }
    await waitForJobs(server);
  });
});
