import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { migratedPgliteSnapshot } from './pglite-snapshot.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

export const POSTGRES_ADMIN_URL = process.env.KAIRO_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let postgresReachable: Promise<boolean> | undefined;

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1_500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The databases every integration suite runs against: PGlite always, PostgreSQL when reachable.
 * With KAIRO_REQUIRE_POSTGRES=1 (CI) an unreachable PostgreSQL is an error, not a skip.
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  postgresReachable ??= probePostgres();
  if (await postgresReachable) return ['pglite', 'postgres'];
  if (process.env.KAIRO_REQUIRE_POSTGRES === '1') {
    throw new Error(`PostgreSQL is required but unreachable at ${POSTGRES_ADMIN_URL}`);
  }
  return ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection URL for PostgreSQL databases (undefined for in-memory PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, migrated database owned by one suite: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined, snapshot: await migratedPgliteSnapshot() });
    // Nothing left to apply on the migrated copy; run as the server would at start.
    await handle.migrate();
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `kairo_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on the PostgreSQL server as its administrator (create, drop, block a database). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Within a describe block: a fresh PostgreSQL database opened by `count` separate connection pools,
 * as several Kairo instances would hold it; opened before the block's tests and closed after them.
 * The returned list is filled once the block's `beforeAll` has run.
 */
export function separatePostgresPools(count: number): DatabaseHandle[] {
  let database: TestDatabase | undefined;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (let i = 0; i < count; i += 1) handles.push(await openDatabase({ kind: 'postgres', url: database.url! }));
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.drop();
  });
  return handles;
}

/** `calls` calls started at once, dealt in turn over `targets` (say one per pool); their results in order. */
export function raceAcross<Target, Result>(targets: Target[], calls: number, call: (target: Target) => Promise<Result>): Promise<Result[]> {
  return Promise.all(Array.from({ length: calls }, (_, index) => call(targets[index % targets.length]!)));
}

/**
 * The environment of one of several Kairo instances on the PostgreSQL database `databaseUrl`: the
 * secrets every instance of a cluster must share, generated once per call (ADR 0041).
 */
export function clusterInstanceEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.KAIRO_TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    STRAVA_WEBHOOK_VERIFY_TOKEN: randomBytes(16).toString('hex'),
  };
}

/**
 * Reads the database of a Kairo child process that is stopped or was killed: its PostgreSQL
 * database when it has one, else the PGlite files in its data directory, opened only for the read
 * (PGlite is one process's: no child may hold it meanwhile).
 */
export async function readStoppedKairoDatabase<T>(
  where: { dataDir: string; postgres: TestDatabase | undefined },
  read: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  if (where.postgres) return read(where.postgres.handle);
  const database = await openDatabase({ kind: 'pglite', dataDir: join(where.dataDir, 'pglite') });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}
