import Fastify, { type FastifyBaseLogger } from 'fastify';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wellnessDays } from '../../src/server/db/schema.ts';
import { createJobQueue } from '../../src/server/jobs/queue.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { LOGGED_QUERY_CHARS, loggerOptions } from '../../src/server/http/logging.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';

const kinds = await testDatabaseKinds();

/** A year of one athlete's mornings, every value easy to find in a log line. */
const mornings = Array.from({ length: 365 }, (_, day) => ({
  // No such account: the batch fails on its foreign key, as a batch can fail on any constraint.
  userId: '0b7a3c52-5f0e-4d8a-9a51-2c1d7e9f6a10',
  date: new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10),
  sleepHours: 6.1234 + day / 1000,
  restingHrBpm: 47.777,
  hrvRmssdMs: 61.4242,
  weightKg: 71.9191,
  note: `migraine diary ${day}: took sumatriptan`,
}));
const HEALTH_VALUES = ['6.1234', '47.777', '61.4242', '71.9191', 'sumatriptan', 'migraine', '0b7a3c52-5f0e-4d8a-9a51-2c1d7e9f6a10'];

/** Kairo's logger (the options the server uses), writing JSON lines to memory. */
function capturedLogger(): { log: FastifyBaseLogger; lines: () => Record<string, any>[]; text: () => string } {
  const output = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const options = { ...(loggerOptions({ logLevel: 'info', env: 'production' }, output) as object), stream: output };
  const app = Fastify({ logger: options });
  return {
    log: app.log,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, any>),
  };
}

/** Issue 27: a failed statement is logged by its code, message and the start of its SQL, never by its values. */
describe.each(kinds)('database errors in the log on %s', (kind) => {
  let database: TestDatabase;
  let failure: unknown;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    failure = await database.handle.db
      .insert(wellnessDays)
      .values(mornings)
      .then(() => undefined)
      .catch((error: unknown) => error);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('logs a failed batch of wellness rows in a short line holding none of its values, however the error is passed', async () => {
    expect(failure).toBeInstanceOf(Error);
    // The error as drizzle throws it holds every value: this is what must not reach the log.
    expect(String((failure as Error).message).length).toBeGreaterThan(20_000);
    const { log, lines, text } = capturedLogger();
    log.error({ err: failure }, 'unhandled error');
    log.warn({ job: 'wellness.import', id: 'job-1', err: new AppError('unavailable', 'Import failed', { cause: failure }) }, 'job failed; it will be retried');
    log.error(failure as Error);
    log.error(failure as Error, 'wellness import failed');
    await new Promise((resolve) => setImmediate(resolve));

    const logged = lines();
    expect(logged).toHaveLength(4);
    expect(logged.map((line) => line.msg)).toEqual(['unhandled error', 'job failed; it will be retried', expect.stringContaining('Failed query: insert or update'), 'wellness import failed']);
    for (const line of text().split('\n').filter(Boolean)) {
      expect(line.length).toBeLessThan(3_000);
      for (const value of HEALTH_VALUES) expect(line).not.toContain(value);
    }
    for (const { err } of logged) {
      expect(err).toMatchObject({ code: '23503', table: 'wellness_days', constraint: expect.stringContaining('user_id'), paramCount: expect.any(Number) });
      expect(err.paramCount).toBeGreaterThanOrEqual(365 * 7);
      expect(err.query).toMatch(/^insert into "wellness_days" \(/);
      expect(err.query.length).toBeLessThanOrEqual(LOGGED_QUERY_CHARS + 40);
      expect(err.message).toContain('violates foreign key constraint');
      expect(err.stack).toMatch(/\n\s+at /);
      expect(err).not.toHaveProperty('detail');
      expect(err).not.toHaveProperty('params');
    }
    expect(logged[1]!.err).toMatchObject({ type: 'AppError', message: expect.stringMatching(/^Import failed: Failed query: /) });
  });

  it('logs a job whose batch insert fails, and stores its failure on the job, without the values', async () => {
    const { log, lines, text } = capturedLogger();
    const queue = createJobQueue(database.handle, log);
    const job = {
      name: 'test-wellness-batch',
      payload: z.object({}),
      retryLimit: 0,
      handler: async () => {
        await database.handle.db.insert(wellnessDays).values(mornings);
      },
    };
    queue.define(job);
    await queue.start();
    try {
      await queue.work();
      const id = await queue.send(job, {});
      await queue.drained([job.name]);
      const [stored] = await database.handle.query<{ state: string; output: { message: string } }>('select state, output from pgboss.job where id = $1', [id]);
      expect(stored!.state).toBe('failed');
      expect(stored!.output.message).toMatch(/^Failed query: insert or update on table "wellness_days" violates foreign key constraint/);
      for (const value of HEALTH_VALUES) expect(JSON.stringify(stored!.output)).not.toContain(value);
    } finally {
      await queue.stop({ graceMs: 0 });
    }
    const failed = lines().find((line) => line.msg === 'job failed; it will be retried');
    expect(failed!.err).toMatchObject({ code: '23503', table: 'wellness_days' });
    expect(text().length).toBeLessThan(5_000);
    for (const value of HEALTH_VALUES) expect(text()).not.toContain(value);
  });

  it('logs any other error as before: type, message and stack through its causes, and its own fields', async () => {
    const { log, lines } = capturedLogger();
    const inner = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    log.error({ err: new Error('Strava unavailable', { cause: inner }) }, 'sync failed');
    log.error({ err: inner }, 'plain');
    await new Promise((resolve) => setImmediate(resolve));
    const [wrapped, plain] = lines();
    expect(wrapped!.err).toMatchObject({ type: 'Error', message: 'Strava unavailable: socket hang up' });
    expect(wrapped!.err.stack).toContain('\ncaused by: Error: socket hang up');
    expect(plain!.err).toMatchObject({ type: 'Error', message: 'socket hang up', code: 'ECONNRESET' });
  });
});
