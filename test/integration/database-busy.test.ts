import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_S } from '../../src/server/http/database-outage.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import { clusterInstanceEnv, createTestDatabase, POSTGRES_ADMIN_URL, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { signUp, uniqueEmail } from '../support/kairo.ts';
import { waitFor } from '../support/strava.ts';

/**
 * An instance with more requests in hand than database connections (an overload, not an outage):
 * a request that waits pg-pool's whole connection timeout for one of them is answered 503 with a
 * Retry-After and says Kairo is busy, not that the database is unreachable; nothing is changed and
 * the next request is served as soon as a connection is free. One connection, held by a request
 * a table lock keeps waiting, makes the overload without a load generator.
 */
const kinds = await testDatabaseKinds();
const postgres = kinds.includes('postgres');
const LIST_PAGE = '/api/activities?limit=5&before=2030-01-01T00%3A00%3A00.000Z';

describe.skipIf(!postgres)(
  postgres ? 'every database connection of an instance busy' : `every database connection busy (skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL})`,
  () => {
    let database: TestDatabase;
    let kairo: Kairo;
    let browser: TestClient;
    let dataDir: string;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      dataDir = mkdtempSync(join(tmpdir(), 'kairo-busy-'));
      kairo = await startKairo(loadConfig({ ...clusterInstanceEnv(database.url!), DATA_DIR: dataDir, DATABASE_POOL_SIZE: '1' }));
      browser = createClient(kairo.url);
      await signUp(browser, { email: uniqueEmail('busy'), password: 'correct horse battery', firstName: 'Ada', lastName: 'Busy' });
    }, 60_000);

    afterAll(async () => {
      await kairo?.close();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers a request that found no free connection 503 "busy" with a Retry-After, and serves the next one once a connection is free', async () => {
      expect((await browser.get(LIST_PAGE)).status).toBe(200);
      const locker = new pg.Client({ connectionString: database.url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table activities in access exclusive mode');
        // The first request holds the instance's only connection, waiting for the lock.
        const holding = browser.get(LIST_PAGE);
        const watcher = new pg.Client({ connectionString: database.url });
        await watcher.connect();
        try {
          await waitFor(
            async () => (await watcher.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0]!.n,
            (n) => n === 1,
            30_000,
          );
        } finally {
          await watcher.end();
        }
        const turnedAway = await browser.get(LIST_PAGE);
        expect(turnedAway.status).toBe(503);
        expect(turnedAway.body.message).toBe(BUSY_MESSAGE);
        expect(turnedAway.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
        await locker.query('rollback');
        expect((await holding).status).toBe(200);
      } finally {
        await locker.end();
      }
      const after = await browser.get(LIST_PAGE);
      expect(after.status).toBe(200);
      expect(after.body.items ?? after.body).toEqual([]);
    }, 60_000);
  },
);
