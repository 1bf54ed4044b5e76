import { setImmediate } from 'node:timers/promises';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquirePgliteLock } from './pglite-lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for the job queue: PGlite's one connection, or PostgreSQL's URL. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Runs raw SQL with positional parameters; used by the job queue and admin tools. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PostgreSQL connections per pool unless the configuration says otherwise (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `snapshot`: an in-memory database that starts as a copy of a dumped data directory (PGlite's `dumpDataDir`). */
  | { kind: 'pglite'; dataDir: string | undefined; snapshot?: Blob };

/** The installation's database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function configuredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databasePoolSize'>): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is undefined).
 * A PGlite directory stays locked to this process until close().
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize ?? DEFAULT_POOL_SIZE) : openPglite(target.dataDir, target.snapshot);
}

/** The advisory lock that serialises migrations across instances: an arbitrary, fixed 64-bit key ("kairo" in ASCII). */
const MIGRATION_LOCK_KEY = '461195801199';

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', url },
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    async migrate() {
      // Instances that boot together on a fresh database would each create the same tables at
      // once (and crash on PostgreSQL's catalogue constraints): one migrates, the others wait for
      // the lock and then find nothing left to do. A session-level lock held on one connection,
      // released with it should the process die.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir && snapshot) throw new Error('A PGlite snapshot opens in memory only, not over a data directory');
  let releaseLock: (() => void) | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquirePgliteLock(dataDir);
  }
  let client: PGlite;
  try {
    client = snapshot ? await PGlite.create({ loadDataDir: snapshot }) : await PGlite.create(dataDir);
  } catch (error) {
    releaseLock?.();
    throw error;
  }
  yieldBeforeEachQuery(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    async query<Row>(text: string, params: unknown[] = []) {
      if (params.length === 0 && text.includes(';')) {
        // Parameterless multi-statement SQL only runs through exec on PGlite.
        const results = await client.exec(text);
        return (results.at(-1)?.rows ?? []) as Row[];
      }
      const result = await client.query(text, params);
      return result.rows as Row[];
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
      releaseLock?.();
    },
  };
}

/**
 * PGlite runs in this thread and answers through promises that settle in microtasks, so a job
 * awaiting query after query never returns to the event loop: sockets wait until it is done (a
 * demo backfill starved the web page for seconds). Giving every query the turn a round trip to a
 * server would take lets requests in between, at a cost of one event-loop tick per query.
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await setImmediate();
    return query(...args);
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof exec>) => {
    await setImmediate();
    return exec(...args);
  }) as typeof client.exec;
}
