import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase } from '../test/support/databases.ts';
import { freePort, startServerProcess } from '../test/support/processes.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/heap.ts';

const root = resolve(import.meta.dirname, '..');

/** A Kairo process as in production: one instance on a fresh PostgreSQL database of its own. */
export interface ProductionKairo {
  origin: string;
  pid: number;
  /** Its database, for a bench that must see what the server has not said yet (jobs still queued). */
  databaseUrl: string;
}

/**
 * Starts Kairo as `node src/server/main.ts` with NODE_ENV=production on a fresh PostgreSQL database
 * and data folder, runs `use` against it, and removes the process, database and folder afterwards.
 */
export async function withProductionKairo<T>(name: string, use: (kairo: ProductionKairo) => Promise<T>): Promise<T> {
  const database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), `kairo-bench-${name}-`));
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const process_ = await startServerProcess({
      script: join(root, 'src/server/main.ts'),
      nodeFlags: SERVER_NODE_FLAGS,
      env: {
        ...SERVER_ENV,
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: database.url!,
        // One instance: its generated secrets may stay in its data folder.
        KAIRO_CLUSTER: '0',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      port,
      readyPath: '/readyz',
    });
    try {
      return await use({ origin, pid: process_.pid, databaseUrl: database.url! });
    } finally {
      await process_.stop();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The password of every account the bench registers. */
export const BENCH_PASSWORD = 'bench password';

/**
 * Registers an account (Kairo without mail signs it in at once) and returns its session cookie,
 * checked to open GET /api/auth/user.
 */
export async function signUpCookie(origin: string, athlete: { email: string; firstName: string; lastName: string }): Promise<string> {
  const cookie = await sessionCookie(origin, '/api/auth/register', { ...athlete, password: BENCH_PASSWORD }, 201);
  const check = await fetch(`${origin}/api/auth/user`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`GET /api/auth/user with the new session answered ${check.status}`);
  return cookie;
}

/** Signs in an account the bench registered (or gave the same password) and returns the session's cookie. */
export async function signInCookie(origin: string, email: string): Promise<string> {
  return sessionCookie(origin, '/api/auth/login', { email, password: BENCH_PASSWORD }, 200);
}

/** POSTs `body` to an auth route and returns the session cookie of the answer, which must have `status`. */
async function sessionCookie(origin: string, path: string, body: Record<string, string>, status: number): Promise<string> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== status || !cookie) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return cookie;
}
