import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, analyses } from '../../db/schema.ts';

export type AnalysisRow = typeof analyses.$inferSelect;
export type AnalysisValues = Omit<typeof analyses.$inferInsert, 'revision' | 'createdAt'>;

/** Analyses, always scoped to one account. Writes are conditional so concurrent writers never lose each other's settings. */
export function createAnalysisRepo(db: Database) {
  return {
    async find(accountId: string, activityId: string): Promise<AnalysisRow | undefined> {
      const [row] = await db
        .select()
        .from(analyses)
        .where(and(eq(analyses.userId, accountId), eq(analyses.activityId, activityId)))
        .limit(1);
      return row;
    },

    /** The first analysis of an activity; undefined when another writer stored one first. */
    async insertIfAbsent(values: AnalysisValues): Promise<AnalysisRow | undefined> {
      const [row] = await db.insert(analyses).values(values).onConflictDoNothing({ target: analyses.activityId }).returning();
      return row;
    },

    /**
     * The account's latest activity that has an analysis, with the next session Kai suggested
     * after it: the day plan's suggestion where no plan covers the day (ADR 0068).
     */
    async latestSuggestion(accountId: string): Promise<{ analysis: AnalysisRow; activityName: string; startDate: Date } | undefined> {
      const [row] = await db
        .select({ analysis: analyses, activityName: activities.name, startDate: activities.startDate })
        .from(analyses)
        .innerJoin(activities, and(eq(activities.id, analyses.activityId), eq(activities.userId, analyses.userId)))
        .where(eq(analyses.userId, accountId))
        .orderBy(desc(activities.startDate), desc(activities.id))
        .limit(1);
      return row;
    },

    /** The account's activities whose analysis was written before the history was in. */
    async historyPendingActivityIds(accountId: string): Promise<string[]> {
      const rows = await db
        .select({ activityId: analyses.activityId })
        .from(analyses)
        .where(and(eq(analyses.userId, accountId), eq(analyses.historyPending, true)));
      return rows.map((row) => row.activityId);
    },

    /** Clears the mark of an analysis whose facts came out the same from the whole history (only if still at `revision`). */
    async markHistoryComplete(accountId: string, activityId: string, revision: number): Promise<void> {
      await db
        .update(analyses)
        .set({ historyPending: false })
        .where(and(eq(analyses.userId, accountId), eq(analyses.activityId, activityId), eq(analyses.revision, revision)));
    },

    /** Replaces the analysis only if it is still at `revision`; undefined when another writer got there first. */
    async replace(revision: number, values: AnalysisValues): Promise<AnalysisRow | undefined> {
      const { activityId, userId, ...update } = values;
      const [row] = await db
        .update(analyses)
        .set({ ...update, revision: sql`${analyses.revision} + 1` })
        .where(and(eq(analyses.userId, userId), eq(analyses.activityId, activityId), eq(analyses.revision, revision)))
        .returning();
      return row;
    },
  };
}

export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>;
