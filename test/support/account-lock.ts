import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ACCOUNT_LOCK, lockAccount } from '../../src/server/db/account-lock.ts';
import type { TestDatabase } from './databases.ts';

export interface HeldAccountLock {
  /** How many of the server's sessions wait for this lock now (the writers held back). */
  waiting(): Promise<number>;
  /** Lets the lock go; the writers that waited go on. */
  release(): Promise<void>;
}

/**
 * Takes one of the account's advisory locks (src/server/db/account-lock.ts) from a connection of its
 * own and holds it until released: meanwhile the server's writers of that kind for the account wait,
 * and everything else goes on. A test uses it to keep long work (an archive import, say) where it
 * is while it looks at it, instead of racing it. PostgreSQL only: PGlite has one connection, which
 * the lock would hold for everyone.
 */
export async function holdAccountLock(database: TestDatabase, kind: keyof typeof ACCOUNT_LOCK, accountId: string): Promise<HeldAccountLock> {
  if (database.url === undefined) throw new Error('holdAccountLock needs PostgreSQL: PGlite has one connection');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('begin');
    // The server's own way of taking it, so the key is the one its writers wait on.
    await lockAccount(drizzle(client), kind, accountId);
  } catch (error) {
    await client.end();
    throw error;
  }
  let released = false;
  return {
    async waiting() {
      // The two-key form shows as classid = the first key, objid = the second (both as oid).
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and not l.granted and a.datname = current_database()
            and l.classid = $1::int4::oid and l.objid = hashtext($2)::oid and l.objsubid = 2`,
        [ACCOUNT_LOCK[kind], accountId],
      );
      return rows[0]!.n;
    },
    async release() {
      if (released) return;
      released = true;
      try {
        await client.query('commit');
      } finally {
        await client.end();
      }
    },
  };
}
