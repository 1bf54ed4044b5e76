import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '../test/support/databases.ts';
import { startKairoProcess } from '../test/support/kairo-process.ts';
import { uniqueEmail } from '../test/support/kairo.ts';

/** Requests per case; each address is used once (no per-address limit comes into play). */
const REQUESTS = 40;
/** Between two requests, so the work one leaves for after its answer (a mail) does not slow the next. */
const PAUSE_MS = 250;

export interface TimedCase {
  requests: number;
  status: number[];
  p50Ms: number;
  maxMs: number;
}

export interface EnumerationRun {
  forgotPassword: { existing: TimedCase; unknown: TimedCase };
  register: { taken: TimedCase; fresh: TimedCase };
}

/**
 * Issue 16 item 8, measured as an attacker would (ADR 0053): one Kairo process on PostgreSQL that
 * delivers mail (a local SMTP sink in a third process), answer times of forgot-password for existing and unknown
 * addresses and of registrations of taken and fresh addresses, interleaved, each request from its own
 * client address (TRUST_PROXY=1) so no throttle answers instead. Reported, not asserted: equal answers
 * are asserted in test/security/accounts.test.ts.
 */
export async function benchEnumeration(): Promise<EnumerationRun> {
  const database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-bench-enum-'));
  const mail = await startMailSinkProcess();
  try {
    const kairo = await startKairoProcess({ dataDir, databaseUrl: database.url!, env: { SMTP_URL: mail.url, TRUST_PROXY: '1' } });
    try {
      // Accounts that exist, made directly (their passwords play no part here).
      const existing = Array.from({ length: 2 * REQUESTS }, () => uniqueEmail('exists'));
      for (const email of existing) {
        await database.handle.query(`insert into accounts (email, first_name, last_name, email_verified) values ($1, 'Ada', 'Lovelace', true)`, [email]);
      }
      let client = 0;
      const post = async (path: string, body: unknown) => {
        client += 1;
        const startedAt = performance.now();
        const response = await fetch(`${kairo.url}${path}`, {
          method: 'POST',
          headers: { origin: kairo.url, 'content-type': 'application/json', 'x-forwarded-for': `198.18.${client >> 8}.${client & 255}` },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        const ms = performance.now() - startedAt;
        await sleep(PAUSE_MS);
        return { ms, status: response.status };
      };
      const registration = (email: string) => ({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });

      // A few of each first: JIT and connection pools warm for both.
      for (let i = 0; i < 5; i++) {
        await post('/api/auth/forgot-password', { email: uniqueEmail('warm') });
        await post('/api/auth/register', registration(uniqueEmail('warm')));
      }
      const timings = { existing: [] as Sample[], unknown: [] as Sample[], taken: [] as Sample[], fresh: [] as Sample[] };
      // Each pair in turns, which one goes first alternating, so neither case always follows the other's work.
      const cases = (i: number) => [
        async () => timings.existing.push(await post('/api/auth/forgot-password', { email: existing[i]! })),
        async () => timings.unknown.push(await post('/api/auth/forgot-password', { email: uniqueEmail('nobody') })),
        async () => timings.taken.push(await post('/api/auth/register', registration(existing[REQUESTS + i]!))),
        async () => timings.fresh.push(await post('/api/auth/register', registration(uniqueEmail('fresh')))),
      ];
      for (let i = 0; i < REQUESTS; i++) {
        const [existingCase, unknownCase, takenCase, freshCase] = cases(i);
        const order = i % 2 === 0 ? [existingCase, unknownCase, takenCase, freshCase] : [freshCase, takenCase, unknownCase, existingCase];
        for (const run of order) await run!();
      }
      return {
        forgotPassword: { existing: timed(timings.existing), unknown: timed(timings.unknown) },
        register: { taken: timed(timings.taken), fresh: timed(timings.fresh) },
      };
    } finally {
      await kairo.stop();
    }
  } finally {
    await mail.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The mail sink in its own process: parsing the mails of existing addresses must not slow the process that times the answers. */
async function startMailSinkProcess(): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, [resolve(import.meta.dirname, 'mail-sink-process.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  let output = '';
  for await (const chunk of child.stdout) {
    output += String(chunk);
    if (output.includes('\n')) break;
  }
  const url = output.trim();
  if (!url.startsWith('smtp://')) throw new Error(`the mail sink did not start: ${url}`);
  return {
    url,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Sample {
  ms: number;
  status: number;
}

function timed(samples: Sample[]): TimedCase {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    status: [...new Set(samples.map((sample) => sample.status))],
    p50Ms: round(sorted[Math.floor(sorted.length / 2)]!),
    maxMs: round(sorted.at(-1)!),
  };
}

const round = (ms: number) => Number(ms.toFixed(1));
