import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountOfJob } from '../../src/server/http/account-writes.ts';
import { createJobQueue } from '../../src/server/jobs/queue.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';

const kinds = await testDatabaseKinds();

/**
 * ADR 0090: the queue tells of each job a handler completed, with its payload, so that the writes
 * of an account's jobs (a proposal, an analysis, a check-in history) are announced like its
 * requests' writes. A job that failed is not told of (it will run again), and an announcement that
 * fails leaves the completed job completed.
 */
describe.each(kinds)('completed jobs on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("tells of each completed job's account, not of a failed one, and keeps a job completed when telling fails", async () => {
    const told: unknown[] = [];
    const queue = createJobQueue(database.handle, Fastify().log, {
      completed: async (payload) => {
        told.push(payload);
        if (accountOfJob(payload) === 'announce-fails') throw new Error('channel down');
      },
    });
    const payload = z.object({ accountId: z.string() });
    const done = { name: 'test-account-done', payload, retryLimit: 0, handler: async () => undefined };
    const failing = {
      name: 'test-account-failing',
      payload,
      retryLimit: 0,
      handler: async () => {
        throw new Error('no');
      },
    };
    const plain = { name: 'test-no-account', payload: z.object({}), retryLimit: 0, handler: async () => undefined };
    for (const job of [done, failing, plain]) queue.define(job);
    await queue.start();
    try {
      await queue.work();
      const ids = [
        await queue.send(done, { accountId: 'a1' }),
        await queue.send(failing, { accountId: 'a2' }),
        await queue.send(plain, {}),
        await queue.send(done, { accountId: 'announce-fails' }),
      ];
      await queue.drained([done.name, failing.name, plain.name]);
      const states = await database.handle.query<{ id: string; state: string }>('select id, state from pgboss.job where id = any($1)', [ids]);
      expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({
        [ids[0]!]: 'completed',
        [ids[1]!]: 'failed',
        [ids[2]!]: 'completed',
        [ids[3]!]: 'completed',
      });
    } finally {
      await queue.stop({ graceMs: 0 });
    }
    expect(told.map(accountOfJob).sort()).toEqual(['a1', 'announce-fails', null].sort());
  });
});
