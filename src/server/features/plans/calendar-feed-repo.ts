import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, sqlState } from '../../db/errors.ts';
import { planCalendarFeeds, trainingPlans } from '../../db/schema.ts';

/** The plans' calendar feeds (ADR 0040): one token hash per plan, written only for the plan's own account. */
export function createCalendarFeedRepo(db: Database) {
  return {
    async find(accountId: string, planId: string): Promise<{ createdAt: Date } | undefined> {
      const [row] = await db
        .select({ createdAt: planCalendarFeeds.createdAt })
        .from(planCalendarFeeds)
        .where(and(eq(planCalendarFeeds.accountId, accountId), eq(planCalendarFeeds.planId, planId)));
      return row;
    },

    /**
     * Stores the new token's hash for the plan, replacing any earlier one (whose URL then reads
     * nothing); undefined, writing nothing, when the account has no such plan, also when the plan
     * is deleted while this runs (ADR 0040). The plan's row is read `for key share` first, so a
     * delete that comes later waits for this transaction (and then takes the feed with it); one
     * that came first leaves no row to read, or fails the insert's foreign key, read as "not there".
     */
    async replace(accountId: string, planId: string, tokenHash: string, now: Date): Promise<{ createdAt: Date } | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [plan] = await tx
            .select({ id: trainingPlans.id })
            .from(trainingPlans)
            .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, planId)))
            .for('key share');
          if (!plan) return undefined;
          const [row] = await tx
            .insert(planCalendarFeeds)
            .values({ planId, accountId, tokenHash, createdAt: now })
            .onConflictDoUpdate({ target: planCalendarFeeds.planId, set: { tokenHash, createdAt: now } })
            .returning({ createdAt: planCalendarFeeds.createdAt });
          return row;
        });
      } catch (error) {
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) return undefined;
        throw error;
      }
    },

    async revoke(accountId: string, planId: string): Promise<boolean> {
      const rows = await db
        .delete(planCalendarFeeds)
        .where(and(eq(planCalendarFeeds.accountId, accountId), eq(planCalendarFeeds.planId, planId)))
        .returning({ planId: planCalendarFeeds.planId });
      return rows.length > 0;
    },

    /** The plan and account a token hash opens, or undefined. */
    async byTokenHash(tokenHash: string): Promise<{ planId: string; accountId: string } | undefined> {
      const [row] = await db
        .select({ planId: planCalendarFeeds.planId, accountId: planCalendarFeeds.accountId })
        .from(planCalendarFeeds)
        .where(eq(planCalendarFeeds.tokenHash, tokenHash));
      return row;
    },
  };
}

export type CalendarFeedRepo = ReturnType<typeof createCalendarFeedRepo>;
