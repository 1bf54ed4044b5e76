import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, athleticProfiles } from '../../db/schema.ts';
import type { AccountPlan } from '../../../shared/domain/account-plan.ts';

export type AthleticProfileRow = typeof athleticProfiles.$inferSelect;
export type AthleticProfileValues = Omit<typeof athleticProfiles.$inferInsert, 'accountId' | 'recommendedEvents' | 'eventsSource' | 'updatedAt'>;

/** The athletic profile: one row per account, always read and written by account. */
export function createProfileRepo(db: Database) {
  return {
    async find(accountId: string): Promise<AthleticProfileRow | undefined> {
      const [row] = await db.select().from(athleticProfiles).where(eq(athleticProfiles.accountId, accountId)).limit(1);
      return row;
    },

    /** The account's plan, for the Pro-level check. */
    async access(accountId: string): Promise<{ plan: AccountPlan; trialExpiryDate: Date | null } | undefined> {
      const [row] = await db.select({ plan: accounts.plan, trialExpiryDate: accounts.trialExpiryDate }).from(accounts).where(eq(accounts.id, accountId));
      return row;
    },

    /**
     * Stores a newly generated profile in one statement, so two concurrent generations leave one
     * row. The first profile is always stored; replacing one only when `mayReplace` (a Pro-level
     * account): otherwise nothing is written and undefined returned. Recommended events belong to
     * the profile they were fitted to and are cleared with it.
     */
    async save(accountId: string, values: AthleticProfileValues, mayReplace: boolean): Promise<AthleticProfileRow | undefined> {
      const insert = db.insert(athleticProfiles).values({ ...values, accountId, recommendedEvents: '', eventsSource: null, updatedAt: values.generatedAt });
      const [row] = mayReplace
        ? await insert
            .onConflictDoUpdate({
              target: athleticProfiles.accountId,
              set: { ...values, recommendedEvents: '', eventsSource: null, updatedAt: sql`greatest(now(), ${athleticProfiles.updatedAt} + interval '1 millisecond')` },
            })
            .returning()
        : await insert.onConflictDoNothing({ target: athleticProfiles.accountId }).returning();
      return row;
    },

    /** Stores the event cards of the account's profile; undefined when it has none. */
    async saveEvents(accountId: string, events: Pick<AthleticProfileRow, 'recommendedEvents' | 'eventsSource'>): Promise<AthleticProfileRow | undefined> {
      const [row] = await db
        .update(athleticProfiles)
        .set({ ...events, updatedAt: sql`greatest(now(), ${athleticProfiles.updatedAt} + interval '1 millisecond')` })
        .where(eq(athleticProfiles.accountId, accountId))
        .returning();
      return row;
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
