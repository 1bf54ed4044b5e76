import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { bigGpx } from '../support/big-activity-file.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase, type TestDatabaseKind } from '../support/databases.ts';
import { startKairoProcess, type KairoProcess } from '../support/kairo-process.ts';
import { registerAthlete } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

const NOTICE_S = 2;
const GRACE_S = 8;
/** A 20-minute GPX ride Kairo writes itself (about 270 KB). */
const GPX = bigGpx(1200);

/** A multipart upload whose body the test sends in two parts: the request is in flight in between. */
function startSlowUpload(url: string, cookie: string): { request: ClientRequest; finish(): void; response: Promise<{ status: number; body: string; connection: string | undefined }> } {
  const boundary = `----kairo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lake.gpx"\r\nContent-Type: application/gpx+xml\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(GPX.length / 2);
  const target = new URL('/api/imports', url);
  const request = httpRequest(target, {
    method: 'POST',
    headers: {
      cookie,
      origin: target.origin,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + GPX.length + tail.length),
    },
  });
  const response = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    request.on('response', (answer: IncomingMessage) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body, connection: answer.headers.connection }));
    });
    request.on('error', reject);
  });
  request.write(Buffer.concat([head, GPX.subarray(0, half)]));
  return { request, response, finish: () => request.end(Buffer.concat([GPX.subarray(half), tail])) };
}

async function readyStatus(url: string): Promise<number | 'refused'> {
  return fetch(`${url}/readyz`).then(
    (response) => response.status,
    () => 'refused' as const,
  );
}

/**
 * SIGTERM as an orchestrator sends it during a rolling upgrade: /readyz fails at once, requests
 * in flight are answered (one still uploading past the moment the listener closes), and the
 * process exits 0 within SHUTDOWN_GRACE_SECONDS. Kairo runs as `node src/server/main.ts`.
 */
describe.each(kinds)('Graceful shutdown on %s', (kind: TestDatabaseKind) => {
  let kairo: KairoProcess | undefined;
  let postgres: TestDatabase | undefined;
  let dataDir: string | undefined;

  afterEach(async () => {
    await kairo?.kill();
    await postgres?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    kairo = undefined;
    postgres = undefined;
  });

  it('fails readiness first, finishes the request in flight and exits 0 within the grace period', { timeout: 120_000 }, async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kairo-shutdown-'));
    if (kind === 'postgres') postgres = await createTestDatabase('postgres');
    kairo = await startKairoProcess({
      dataDir,
      ...(postgres?.url ? { databaseUrl: postgres.url } : {}),
      env: { SHUTDOWN_NOTICE_SECONDS: String(NOTICE_S), SHUTDOWN_GRACE_SECONDS: String(GRACE_S), LOG_LEVEL: 'info' },
    });
    const browser = await registerAthlete(kairo.url);
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');

    const upload = startSlowUpload(kairo.url, cookie);
    // The server has the request once its first part arrived.
    await sleep(300);
    const signalledAt = Date.now();
    process.kill(kairo.pid, 'SIGTERM');

    // Readiness fails while the instance still answers (the notice for the load balancer).
    let ready = await readyStatus(kairo.url);
    while (ready === 200 && Date.now() - signalledAt < 1_000) ready = await readyStatus(kairo.url);
    expect(ready).toBe(503);
    expect((await fetch(`${kairo.url}/healthz`)).status).toBe(200);

    // After the notice the listener closes: new connections are refused, the upload goes on.
    while ((await readyStatus(kairo.url)) !== 'refused' && Date.now() - signalledAt < GRACE_S * 1000) await sleep(100);
    expect(await readyStatus(kairo.url)).toBe('refused');
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(NOTICE_S * 1000 - 200);

    upload.finish();
    const answer = await upload.response;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body).activity.name).toBeTruthy();
    // The answer closes its keep-alive connection: left open and idle, it would hold the exit until the grace period is over.
    expect(answer.connection).toBe('close');

    const exit = await kairo.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_S * 1000);
    expect(kairo.output()).toMatch(/SIGTERM: shutting down/);
  });

  it('cuts a request still running when the grace period is over, and still exits 0', { timeout: 120_000 }, async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kairo-shutdown-'));
    if (kind === 'postgres') postgres = await createTestDatabase('postgres');
    kairo = await startKairoProcess({
      dataDir,
      ...(postgres?.url ? { databaseUrl: postgres.url } : {}),
      env: { SHUTDOWN_NOTICE_SECONDS: '1', SHUTDOWN_GRACE_SECONDS: '3' },
    });
    const browser = await registerAthlete(kairo.url);
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const stuck = startSlowUpload(kairo.url, cookie);
    const outcome = stuck.response.then(
      (answer) => answer.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    await sleep(300);
    const signalledAt = Date.now();
    process.kill(kairo.pid, 'SIGTERM');

    const exit = await kairo.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeGreaterThanOrEqual(2_000);
    expect(tookMs).toBeLessThan(3_000 + 1_000);
    expect(await outcome).toBe('ECONNRESET');
  });
});
