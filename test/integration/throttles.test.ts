import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrottles, type Throttles } from '../../src/server/http/rate-limit.ts';
import { createTestDatabase, raceAcross, separatePostgresPools, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('throttles in the database (%s)', (kind) => {
  let database: TestDatabase;
  let throttles: Throttles;
  let scopeCount = 0;
  const scope = () => `test-${(scopeCount += 1)}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    throttles = createThrottles(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('allows the limit inside the window and tells how long to wait for the next hit', async () => {
    const limiter = throttles.throttle(scope(), { limit: 5, windowMs: 600_000 });
    for (let i = 0; i < 5; i += 1) expect(await limiter.take('a', 1_000 + i * 1_000)).toBe(0);
    expect(await limiter.take('a', 10_000)).toBe(1_000 + 600_000 - 10_000);
    expect(await limiter.waitMs('a', 10_000)).toBe(1_000 + 600_000 - 10_000);
    expect(await limiter.count('a', 10_000)).toBe(5);
    expect(await limiter.take('b', 10_000)).toBe(0);
    // The window slides: the first hit leaves it, one place opens.
    expect(await limiter.take('a', 601_001)).toBe(0);
    expect(await limiter.take('a', 601_002)).toBeGreaterThan(0);
  });

  it('never accepts more than the limit in any window (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 40 }), fc.integer({ min: 1, max: 8 }), async (gaps, limit) => {
        const windowMs = 1_000;
        const limiter = throttles.throttle(scope(), { limit, windowMs });
        const accepted: number[] = [];
        let now = 0;
        for (const gap of gaps) {
          now += gap % 400;
          if ((await limiter.take('k', now)) === 0) accepted.push(now);
        }
        for (const at of accepted) {
          expect(accepted.filter((other) => other > at - windowMs && other <= at).length).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('rejects with a 429 AppError with Retry-After seconds from enforce', async () => {
    const limiter = throttles.throttle(scope(), { limit: 1, windowMs: 60_000 });
    await limiter.enforce('x', 'slow down', 0);
    await expect(limiter.enforce('x', 'slow down', 30_000)).rejects.toThrowError(
      expect.objectContaining({ code: 'too_many_requests', retryAfterS: 30, message: 'slow down' }),
    );
  });

  it('a counter keeps the latest hits, so it knows it reached its size for as long as it did', async () => {
    const counter = throttles.throttle(scope(), { limit: 3, windowMs: 1_000, whenFull: 'forget-oldest' });
    for (const at of [0, 100, 200, 300, 400]) expect(await counter.take('k', at)).toBe(0);
    // Hits at 200, 300, 400 are kept: at 1,150 the one at 100 would have left the window anyway.
    expect(await counter.count('k', 1_150)).toBe(3);
    expect(await counter.count('k', 1_250)).toBe(2);
  });

  it('resets one key, or every key with a prefix, within its own scope only', async () => {
    const name = scope();
    const limiter = throttles.throttle(name, { limit: 1, windowMs: 60_000 });
    const other = throttles.throttle(scope(), { limit: 1, windowMs: 60_000 });
    for (const key of ['a@x\n1', 'a@x\n2', 'b@x\n1']) await limiter.take(key);
    await other.take('a@x\n1');
    await limiter.resetPrefix('a@x\n');
    expect(await limiter.count('a@x\n1')).toBe(0);
    expect(await limiter.count('a@x\n2')).toBe(0);
    expect(await limiter.count('b@x\n1')).toBe(1);
    expect(await other.count('a@x\n1')).toBe(1);
    await limiter.reset('b@x\n1');
    expect(await limiter.count('b@x\n1')).toBe(0);
  });

  it('the housekeeping purge deletes only rows whose window has passed', async () => {
    const name = scope();
    const limiter = throttles.throttle(name, { limit: 1, windowMs: 60_000 });
    await limiter.take('old', 1_000);
    await limiter.take('current');
    expect(await throttles.purgeExpired()).toBeGreaterThanOrEqual(1);
    const rows = await database.handle.query<{ key: string }>('select key from throttles where scope = $1', [name]);
    expect(rows.map((row) => row.key)).toEqual(['current']);
  });
});

describe.runIf(kinds.includes('postgres'))('throttles shared by several processes (postgres)', () => {
  const handles = separatePostgresPools(3);

  it('three connection pools hitting one key at once let exactly the limit through', async () => {
    const limiters = handles.map((handle) => createThrottles(handle.db).throttle('race', { limit: 10, windowMs: 60_000 }));
    const waits = await raceAcross(limiters, 60, (limiter) => limiter.take('one-key'));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    expect(waits.filter((wait) => wait > 0).every((wait) => wait <= 60_000)).toBe(true);
  });
});
