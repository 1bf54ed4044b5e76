import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userSettings, type CachedAthleteData } from '../../db/schema.ts';

export type UserSettingsRow = typeof userSettings.$inferSelect;
export type UserSettingsChanges = Partial<Omit<typeof userSettings.$inferInsert, 'accountId' | 'createdAt' | 'updatedAt' | 'analysisRevision'>>;

/** One settings row per account; every call is scoped to that account. */
export function createSettingsRepo(db: Database) {
  return {
    async find(accountId: string): Promise<UserSettingsRow | undefined> {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.accountId, accountId)).limit(1);
      return row;
    },

    /**
     * Writes the changes, creating the row with defaults for the rest; `bumpAnalysisRevision`
     * makes every analysis written before it stale. Returns the saved row.
     */
    async save(accountId: string, changes: UserSettingsChanges, bumpAnalysisRevision: boolean): Promise<UserSettingsRow> {
      const revision = bumpAnalysisRevision ? sql`${userSettings.analysisRevision} + 1` : userSettings.analysisRevision;
      const [row] = await db
        .insert(userSettings)
        .values({ accountId, ...changes, analysisRevision: bumpAnalysisRevision ? 1 : 0 })
        .onConflictDoUpdate({
          target: userSettings.accountId,
          set: { ...changes, analysisRevision: revision, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('saving settings returned no row');
      return row;
    },

    /** Moves the cycle on, only if nobody changed it since it was read (two tabs reading at once advance it once). */
    async advanceMesocycle(accountId: string, from: { week: number; start: Date }, to: { week: number; start: Date }): Promise<void> {
      await db
        .update(userSettings)
        .set({ mesocycleCurrentWeek: to.week, mesocycleWeekStartDate: to.start, updatedAt: new Date() })
        .where(
          and(
            eq(userSettings.accountId, accountId),
            eq(userSettings.mesocycleCurrentWeek, from.week),
            eq(userSettings.mesocycleWeekStartDate, from.start),
          ),
        );
    },

    async cacheAthleteData(accountId: string, data: CachedAthleteData, cachedAt: Date): Promise<void> {
      await db
        .insert(userSettings)
        .values({ accountId, athleteData: data, athleteDataCachedAt: cachedAt })
        .onConflictDoUpdate({ target: userSettings.accountId, set: { athleteData: data, athleteDataCachedAt: cachedAt } });
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
