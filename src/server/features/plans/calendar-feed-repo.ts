import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { planCalendarFeeds } from '../../db/schema.ts';

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

    /** Stores the new token's hash for the plan, replacing any earlier one (whose URL then reads nothing). */
    async replace(accountId: string, planId: string, tokenHash: string, now: Date): Promise<{ createdAt: Date }> {
      const [row] = await db
        .insert(planCalendarFeeds)
        .values({ planId, accountId, tokenHash, createdAt: now })
        .onConflictDoUpdate({ target: planCalendarFeeds.planId, set: { tokenHash, createdAt: now } })
        .returning({ createdAt: planCalendarFeeds.createdAt });
      return row!;
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
