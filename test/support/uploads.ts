import { expect } from 'vitest';
import type { TestDatabaseKind } from './databases.ts';
import type { TestClient } from './http-client.ts';
import { startTestKairo, type TestKairo } from './kairo.ts';
import { registerAthlete, waitForJobs } from './strava.ts';

/** Uploads an activity file as the athlete (POST /api/imports), expects it stored and answers the new activity's id. */
export async function uploadActivityFile(athlete: TestClient, fileName: string, bytes: Uint8Array): Promise<string> {
  const response = await athlete.upload('/api/imports', fileName, bytes);
  expect(response.status, `upload of ${fileName}`).toBe(201);
  return response.body.activity.id as string;
}

/**
 * A Kairo on `kind` (with `env`) and a newly registered athlete who uploaded the `files`
 * ([file name, bytes] each), every job the uploads started done; the new activities' ids in order.
 */
export async function startWithUploads<const Files extends readonly (readonly [fileName: string, bytes: Uint8Array])[]>(
  kind: TestDatabaseKind,
  files: Files,
  env: Record<string, string> = {},
): Promise<{ server: TestKairo; athlete: TestClient; ids: { [K in keyof Files]: string } }> {
  const server = await startTestKairo(kind, env);
  const athlete = await registerAthlete(server.url);
  const ids: string[] = [];
  for (const [fileName, bytes] of files) ids.push(await uploadActivityFile(athlete, fileName, bytes));
  await waitForJobs(server);
  return { server, athlete, ids: ids as { [K in keyof Files]: string } };
}

/** The archive import `id` once it has ended (done, failed or cancelled), polled as the import screen does; fails after 30 s. */
export async function waitForImport(browser: TestClient, id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await browser.get(`/api/imports/${id}`);
    expect(status.status).toBe(200);
    if (status.body.status === 'done' || status.body.status === 'failed' || status.body.status === 'cancelled') return status.body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${status.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
