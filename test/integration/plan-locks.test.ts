import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { createAdjustmentsRepo } from '../../src/server/features/plans/adjustments/repo.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { eventPlan, registerPlanner } from '../support/plans.ts';
import { waitFor } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

/**
 * Two transactions at once need PostgreSQL (PGlite has one connection, so one waits for the other).
 * A plan review holds the plan's row while it stores a proposal; the athlete switches the plan off
 * at that moment. Before, the switch locked the account's row so that the proposal's foreign key
 * check waited for it, while the switch waited for the plan's row: PostgreSQL broke the deadlock by
 * failing the switch (500, seen in a CI run of the browser tests).
 */
describe.skipIf(!kinds.includes('postgres'))('a plan switched off while its review stores a proposal (PostgreSQL)', () => {
  let server: TestKairo;
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startTestKairo('postgres');
    pool = new pg.Pool({ connectionString: server.database.url, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await server?.close();
  });

  const waitingOnLocks = async () =>
    (
      await server.database.handle.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      )
    )[0]!.n;

  it('both finish: the switch waits for the review, answers 200, and the proposal is kept, then superseded by the switch', async () => {
    const { client, accountId } = await registerPlanner(server);
    const created = await client.post('/api/training-plans', eventPlan);
    expect(created.status).toBe(201);
    const planId = (created.body as { id: string }).id;
    const adjustments = createAdjustmentsRepo(drizzle(pool, { schema }) as unknown as Database);

    let switched: ReturnType<typeof client.patch> | undefined;
    const stored = await adjustments.withPlanLocked(accountId, planId, async (_plan, tx) => {
      switched = client.patch(`/api/training-plans/${planId}/toggle`);
      // The switch has reached the plan's row and waits for this transaction.
      await waitFor(waitingOnLocks, (waiting) => waiting >= 1, 30_000);
      return tx.insert(
        accountId,
        planId,
        { trigger: 'load-high', situation: 'load-high:test', reason: 'Load is high.', evidence: { acwr: 1.6 }, changes: [] },
        new Date(),
      );
    });
    expect(stored?.id).toEqual(expect.any(String));

    const answer = await switched!;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: planId, isActive: false });
    const [row] = await server.database.handle.query<{ status: string }>('select status from plan_adjustments where id = $1', [stored!.id]);
    expect(row?.status).toBe('superseded');
  });
});
