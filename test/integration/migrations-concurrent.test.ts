import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { adminQuery, POSTGRES_ADMIN_URL, testDatabaseKinds } from '../support/databases.ts';

/**
 * Several instances booting at once on one fresh PostgreSQL database each run the migrations:
 * without a lock, two create the same table at the same moment and one crashes.
 */
const kinds = await testDatabaseKinds();
const name = `kairo_t_${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  if (kinds.includes('postgres')) await adminQuery(`drop database if exists ${name} with (force)`);
});

describe.runIf(kinds.includes('postgres'))('migrations on PostgreSQL', () => {
  it('five instances migrating one fresh database at once all succeed, and the schema is applied once', async () => {
    await adminQuery(`create database ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const handles = await Promise.all(Array.from({ length: 5 }, () => openDatabase({ kind: 'postgres', url: url.toString() })));
    try {
      const results = await Promise.allSettled(handles.map((handle) => handle.migrate()));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const applied = await handles[0]!.query<{ count: string }>('select count(*)::text as count from drizzle.__drizzle_migrations');
      const journal = (await import('../../src/server/db/migrations/meta/_journal.json', { with: { type: 'json' } })).default;
      expect(Number(applied[0]!.count)).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
