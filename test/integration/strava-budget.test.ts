import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStravaBudget } from '../../src/server/features/strava/rate-limiter.ts';
import { createTestDatabase, raceAcross, separatePostgresPools, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';

const kinds = await testDatabaseKinds();
const at = (iso: string) => Date.parse(iso);

describe.each(kinds)("Strava's budget in the database (%s)", (kind) => {
  let database: TestDatabase;
  let apps = 0;
  /** Each test its own Strava application, so each has its own budget row. */
  const budgetAt = (clock: { now: number }, limits?: { overall: [number, number]; read: [number, number] }) =>
    createStravaBudget(database.handle.db, { clientId: `app-${(apps += 1)}`, now: () => clock.now, ...(limits ? { limits } : {}) });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('spends the 15-minute read budget, then waits for the next quarter hour', async () => {
    const clock = { now: at('2026-05-01T10:07:00Z') };
    const budget = budgetAt(clock);
    for (let i = 0; i < 100; i += 1) expect((await budget.reserve('read')).ok).toBe(true);
    expect(await budget.reserve('read')).toEqual({ ok: false, retryAtMs: at('2026-05-01T10:15:00Z') });
    // Writes only count against the overall budget, which still has room.
    expect((await budget.reserve('write')).ok).toBe(true);
    clock.now = at('2026-05-01T10:15:00Z');
    expect((await budget.reserve('read')).ok).toBe(true);
    expect(await budget.usage()).toEqual({ overall: [1, 102], read: [1, 101] });
  });

  it('stops for the day when the daily budget is spent, until midnight UTC', async () => {
    const clock = { now: at('2026-05-01T22:00:00Z') };
    const budget = budgetAt(clock, { overall: [200, 2000], read: [100, 150] });
    for (let quarter = 0; quarter < 2; quarter += 1) {
      while ((await budget.reserve('read')).ok);
      clock.now += 15 * 60_000;
    }
    expect((await budget.usage()).read[1]).toBe(150);
    expect(await budget.reserve('read')).toEqual({ ok: false, retryAtMs: at('2026-05-02T00:00:00Z') });
  });

  it("takes Strava's headers as the truth (case-insensitive, absent is fine, usage only rises)", async () => {
    const clock = { now: at('2026-05-01T10:00:30Z') };
    const budget = budgetAt(clock);
    await budget.observe(new Headers({ 'X-RateLimit-Limit': '600,30000', 'x-ratelimit-usage': '600,1200' }), 200);
    expect(await budget.blockedUntil('write')).toBe(at('2026-05-01T10:15:00Z'));
    await budget.observe(new Headers(), 200);
    expect((await budget.usage()).overall).toEqual([600, 1200]);
    await budget.observe(new Headers({ 'X-RateLimit-Usage': 'garbage' }), 200);
    await budget.observe(new Headers({ 'X-RateLimit-Usage': '3,4' }), 200);
    expect((await budget.usage()).overall).toEqual([600, 1200]);
    await budget.observe(new Headers({ 'X-ReadRateLimit-Limit': '300,3000', 'X-ReadRateLimit-Usage': '300,310' }), 200);
    expect(await budget.blockedUntil('read')).toBe(at('2026-05-01T10:15:00Z'));
  });

  it('closes the 15-minute window on a 429 without headers', async () => {
    const clock = { now: at('2026-05-01T10:44:59Z') };
    const budget = budgetAt(clock);
    await budget.observe(new Headers(), 429);
    expect(await budget.reserve('read')).toEqual({ ok: false, retryAtMs: at('2026-05-01T10:45:00Z') });
  });

  it('follows the database clock when none is pinned: windows aligned to their length', async () => {
    const budget = createStravaBudget(database.handle.db, { clientId: 'db-clock', shortWindowMs: 20_000, limits: { overall: [2, 10], read: [2, 10] } });
    const before = Date.now();
    expect((await budget.reserve('read')).ok).toBe(true);
    expect((await budget.reserve('read')).ok).toBe(true);
    const refused = await budget.reserve('read');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.retryAtMs % 20_000).toBe(0);
    expect(refused.retryAtMs).toBeGreaterThan(before);
    expect(refused.retryAtMs).toBeLessThanOrEqual(Date.now() + 20_000);
  });
});

describe.runIf(kinds.includes('postgres'))("Strava's budget shared by several processes (postgres)", () => {
  const handles = separatePostgresPools(3);

  it('three instances reserving at once never take more than the budget', async () => {
    const budgets = handles.map((handle) => createStravaBudget(handle.db, { clientId: 'shared', limits: { overall: [1000, 10_000], read: [25, 1000] } }));
    const results = await raceAcross(budgets, 90, (budget) => budget.reserve('read'));
    expect(results.filter((result) => result.ok)).toHaveLength(25);
    expect((await budgets[0]!.usage()).read[0]).toBe(25);
  });

  it("measures a reservation's added latency (printed, not asserted)", async () => {
    const budget = createStravaBudget(handles[0]!.db, { clientId: 'timing', limits: { overall: [1_000_000, 10_000_000], read: [1_000_000, 10_000_000] } });
    await budget.reserve('read');
    const sequential: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const start = performance.now();
      await budget.reserve('read');
      sequential.push(performance.now() - start);
    }
    const contended: number[] = [];
    const budgets = handles.map((handle) => createStravaBudget(handle.db, { clientId: 'timing' }));
    await Promise.all(
      budgets.map(async (each) => {
        for (let i = 0; i < 100; i += 1) {
          const start = performance.now();
          await each.reserve('read');
          contended.push(performance.now() - start);
        }
      }),
    );
    const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!.toFixed(2);
    console.info(
      `Strava budget reservation (PostgreSQL, loopback): one instance p50 ${quantile(sequential, 0.5)} ms, p99 ${quantile(sequential, 0.99)} ms; ` +
        `3 instances at once p50 ${quantile(contended, 0.5)} ms, p99 ${quantile(contended, 0.99)} ms`,
    );
    expect(sequential).toHaveLength(300);
  });
});
