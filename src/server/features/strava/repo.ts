import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, activityStreams, stravaConnections, stravaPausedActivities, stravaWebhookEvents } from '../../db/schema.ts';

export type StravaConnectionRow = typeof stravaConnections.$inferSelect;

/**
 * `rowLocks`: whether another process may use the same connection row at the same time (PostgreSQL,
 * several instances). PGlite belongs to one process, whose own callers take turns already; a
 * transaction there would hold its only connection, and every other query, for a round trip to Strava.
 */
export function createStravaRepo(db: Database, options: { rowLocks: boolean }) {
  return {
    /**
     * Runs `work` holding the account's connection row (SELECT … FOR UPDATE), with the row as it is
     * once held and a way to store new tokens under the same lock: instances that need a token
     * refresh at once take turns, and each sees the tokens the one before it stored.
     */
    async withConnectionLocked<T>(
      accountId: string,
      work: (connection: StravaConnectionRow | undefined, storeTokens: (tokens: { accessToken: string; refreshToken: string; expiresAt: Date }) => Promise<void>) => Promise<T>,
    ): Promise<T> {
      if (!options.rowLocks) {
        const [row] = await db.select().from(stravaConnections).where(eq(stravaConnections.accountId, accountId)).limit(1);
        return work(row, async (tokens) => {
          await db.update(stravaConnections).set(tokens).where(eq(stravaConnections.accountId, accountId));
        });
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(stravaConnections).where(eq(stravaConnections.accountId, accountId)).for('update');
        return work(row, async (tokens) => {
          await tx.update(stravaConnections).set(tokens).where(eq(stravaConnections.accountId, accountId));
        });
      });
    },

    async find(accountId: string): Promise<StravaConnectionRow | undefined> {
      const [row] = await db.select().from(stravaConnections).where(eq(stravaConnections.accountId, accountId)).limit(1);
      return row;
    },

    async findByAthlete(stravaId: string): Promise<StravaConnectionRow | undefined> {
      const [row] = await db.select().from(stravaConnections).where(eq(stravaConnections.stravaId, stravaId)).limit(1);
      return row;
    },

    /** Creates or renews the account's connection. Fails (unique) when the athlete belongs to another account. */
    async save(values: typeof stravaConnections.$inferInsert): Promise<void> {
      const { accountId: _accountId, ...update } = values;
      await db
        .insert(stravaConnections)
        .values(values)
        .onConflictDoUpdate({ target: stravaConnections.accountId, set: { ...update, status: 'connected' } });
    },

    async updateTokens(accountId: string, tokens: { accessToken: string; refreshToken: string; expiresAt: Date }) {
      await db.update(stravaConnections).set(tokens).where(eq(stravaConnections.accountId, accountId));
    },

    async markConnected(accountId: string) {
      await db.update(stravaConnections).set({ status: 'connected' }).where(eq(stravaConnections.accountId, accountId));
    },

    async markHistoryScored(accountId: string) {
      await db.update(stravaConnections).set({ historyScored: true }).where(eq(stravaConnections.accountId, accountId));
    },

    /** Accounts whose connection Strava still accepts (the sync resumes for them after a pause). */
    async connectedAccountIds(): Promise<string[]> {
      const rows = await db.select({ accountId: stravaConnections.accountId }).from(stravaConnections).where(eq(stravaConnections.status, 'connected'));
      return rows.map((row) => row.accountId);
    },

    async markBroken(accountId: string) {
      await db.update(stravaConnections).set({ status: 'broken' }).where(eq(stravaConnections.accountId, accountId));
    },

    async updateProgress(accountId: string, values: Partial<Pick<StravaConnectionRow, 'backfillBefore' | 'backfillDone' | 'lastSyncAt'>>) {
      await db.update(stravaConnections).set(values).where(eq(stravaConnections.accountId, accountId));
    },

    async remove(accountId: string) {
      await db.delete(stravaConnections).where(eq(stravaConnections.accountId, accountId));
    },

    /** True the first time an event key is seen. */
    async rememberWebhookEvent(eventKey: string): Promise<boolean> {
      const inserted = await db
        .insert(stravaWebhookEvents)
        .values({ eventKey })
        .onConflictDoNothing()
        .returning({ eventKey: stravaWebhookEvents.eventKey });
      return inserted.length > 0;
    },

    async forgetWebhookEventsBefore(cutoff: Date) {
      await db.delete(stravaWebhookEvents).where(lt(stravaWebhookEvents.receivedAt, cutoff));
    },

    /**
     * Keeps a Strava activity an event named while the sync was paused, to read it again on resume
     * (one row per activity, however many events). 'full' when the account already holds `limit`
     * others: the event is not kept.
     */
    async holdPausedActivity(accountId: string, stravaActivityId: string, limit: number): Promise<'held' | 'full'> {
      const [held] = await db.select({ n: count() }).from(stravaPausedActivities).where(eq(stravaPausedActivities.accountId, accountId));
      if ((held?.n ?? 0) >= limit) {
        const [same] = await db
          .select({ id: stravaPausedActivities.stravaActivityId })
          .from(stravaPausedActivities)
          .where(and(eq(stravaPausedActivities.accountId, accountId), eq(stravaPausedActivities.stravaActivityId, stravaActivityId)))
          .limit(1);
        return same ? 'held' : 'full';
      }
      await db.insert(stravaPausedActivities).values({ accountId, stravaActivityId }).onConflictDoNothing();
      return 'held';
    },

    /** The account's held activities, oldest event first. */
    async pausedActivities(accountId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: stravaPausedActivities.stravaActivityId })
        .from(stravaPausedActivities)
        .where(eq(stravaPausedActivities.accountId, accountId))
        .orderBy(asc(stravaPausedActivities.receivedAt), asc(stravaPausedActivities.stravaActivityId))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async releasePausedActivity(accountId: string, stravaActivityId: string) {
      await db
        .delete(stravaPausedActivities)
        .where(and(eq(stravaPausedActivities.accountId, accountId), eq(stravaPausedActivities.stravaActivityId, stravaActivityId)));
    },

    /** Accounts holding activities from a pause (a replay an instance stop interrupted). */
    async accountsWithPausedActivities(): Promise<string[]> {
      const rows = await db.selectDistinct({ accountId: stravaPausedActivities.accountId }).from(stravaPausedActivities);
      return rows.map((row) => row.accountId);
    },

    /** The first sync's progress: the account's Strava activities listed so far, and those with detail and streams in. */
    async historyProgress(accountId: string): Promise<{ activities: number; detailed: number }> {
      const [row] = await db
        .select({
          activities: sql<number>`count(*)::int`,
          detailed: sql<number>`(count(*) filter (where ${activities.detailFetchedAt} is not null))::int`,
        })
        .from(activities)
        .where(and(eq(activities.userId, accountId), sql`${activities.stravaActivityId} is not null`));
      return { activities: row?.activities ?? 0, detailed: row?.detailed ?? 0 };
    },

    /** Strava ids of the account's activities whose detail and streams are not fetched yet. */
    async activitiesWithoutDetail(accountId: string): Promise<string[]> {
      const rows = await db
        .select({ id: activities.stravaActivityId })
        .from(activities)
        .where(and(eq(activities.userId, accountId), isNull(activities.detailFetchedAt), sql`${activities.stravaActivityId} is not null`));
      return rows.map((row) => row.id as string);
    },

    async latestStartDate(accountId: string): Promise<Date | null> {
      const [row] = await db
        .select({ latest: sql<Date | null>`max(${activities.startDate})` })
        .from(activities)
        .where(and(eq(activities.userId, accountId), sql`${activities.source} in ('strava', 'demo')`));
      return row?.latest ? new Date(row.latest) : null;
    },

    /**
     * Strict data policy: drop the raw payloads and streams of Strava activities older than the
     * cutoff, keeping the summary row the athlete sees in the list.
     */
    async purgeStravaPayloads(cutoff: Date): Promise<number> {
      const stale = db
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.source, 'strava'), lt(activities.createdAt, cutoff)));
      const purged = await db
        .delete(activityStreams)
        .where(sql`${activityStreams.activityId} in (${stale})`)
        .returning({ id: activityStreams.activityId });
      await db
        .update(activities)
        .set({ detailedData: null })
        .where(and(eq(activities.source, 'strava'), lt(activities.createdAt, cutoff), sql`${activities.detailedData} is not null`));
      return purged.length;
    },
  };
}

export type StravaRepo = ReturnType<typeof createStravaRepo>;
