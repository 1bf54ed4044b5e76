import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import type { Database } from '../../db/client.ts';
import { activities, activityStreams, type ActivitySource } from '../../db/schema.ts';
import { STREAM_CODEC_VERSION, decodeStreams, encodeStreams } from './stream-codec.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type ActivityValues = Omit<typeof activities.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** Columns the sidebar list needs; the detail view reads the whole row. */
const listColumns = {
  id: activities.id,
  name: activities.name,
  type: activities.type,
  sportType: activities.sportType,
  source: activities.source,
  stravaActivityId: activities.stravaActivityId,
  distance: activities.distance,
  movingTime: activities.movingTime,
  elapsedTime: activities.elapsedTime,
  totalElevationGain: activities.totalElevationGain,
  startDate: activities.startDate,
  averageHeartrate: activities.averageHeartrate,
  averageWatts: activities.averageWatts,
  deviceWatts: activities.deviceWatts,
  trainer: activities.trainer,
};

export type ActivityListRow = { [K in keyof typeof listColumns]: ActivityRow[K] };

function streamsRow(activityId: string, streams: ActivityStreams) {
  const keys = Object.keys(streams).filter((key) => key !== 'timeS' && streams[key as keyof ActivityStreams]);
  return { activityId, sampleCount: streams.timeS.length, keys, codecVersion: STREAM_CODEC_VERSION, data: encodeStreams(streams) };
}

export function createActivitiesRepo(db: Database) {
  return {
    /** Newest first; `before` pages by start date. Always scoped to one account. */
    async list(userId: string, options: { limit: number; before?: Date }): Promise<ActivityListRow[]> {
      return db
        .select(listColumns)
        .from(activities)
        .where(and(eq(activities.userId, userId), options.before ? lt(activities.startDate, options.before) : undefined))
        .orderBy(desc(activities.startDate), desc(activities.id))
        .limit(options.limit);
    },

    async find(userId: string, id: string): Promise<ActivityRow | undefined> {
      const [row] = await db
        .select()
        .from(activities)
        .where(and(eq(activities.userId, userId), eq(activities.id, id)))
        .limit(1);
      return row;
    },

    async findByStravaActivityId(userId: string, stravaActivityId: string): Promise<ActivityRow | undefined> {
      const [row] = await db
        .select()
        .from(activities)
        .where(and(eq(activities.userId, userId), eq(activities.stravaActivityId, stravaActivityId)))
        .limit(1);
      return row;
    },

    async findBySourceKey(userId: string, source: ActivitySource, sourceKey: string): Promise<ActivityRow | undefined> {
      const [row] = await db
        .select()
        .from(activities)
        .where(and(eq(activities.userId, userId), eq(activities.source, source), eq(activities.sourceKey, sourceKey)))
        .limit(1);
      return row;
    },

    /**
     * Inserts or refreshes an activity keyed by (account, source, source key), so repeated syncs and
     * imports never duplicate rows. Returns its id and whether it was new.
     */
    async upsert(userId: string, values: ActivityValues): Promise<{ id: string; created: boolean }> {
      const [row] = await db
        .insert(activities)
        .values({ ...values, userId })
        .onConflictDoUpdate({
          target: [activities.userId, activities.source, activities.sourceKey],
          set: { ...values, updatedAt: new Date() },
        })
        // xmax is 0 only on a freshly inserted tuple: tells an insert from an update in one trip.
        .returning({ id: activities.id, created: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    /**
     * Inserts an activity with its streams only when absent (imports: a file seen before adds
     * nothing). One transaction: a crash never leaves the activity stored without its streams,
     * which a resumed import would then skip as already there.
     */
    async insertIfAbsent(userId: string, values: ActivityValues, streams: ActivityStreams): Promise<ActivityRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(activities)
          .values({ ...values, userId })
          .onConflictDoNothing({ target: [activities.userId, activities.source, activities.sourceKey] })
          .returning();
        if (row) await tx.insert(activityStreams).values(streamsRow(row.id, streams));
        return row;
      });
    },

    async update(userId: string, id: string, values: Partial<ActivityValues>): Promise<void> {
      await db
        .update(activities)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(activities.userId, userId), eq(activities.id, id)));
    },

    async remove(userId: string, id: string): Promise<void> {
      await db.delete(activities).where(and(eq(activities.userId, userId), eq(activities.id, id)));
    },

    async removeBySources(userId: string, sources: ActivitySource[]): Promise<number> {
      const removed = await db
        .delete(activities)
        .where(and(eq(activities.userId, userId), inArray(activities.source, sources)))
        .returning({ id: activities.id });
      return removed.length;
    },

    async saveStreams(activityId: string, streams: ActivityStreams): Promise<void> {
      const values = streamsRow(activityId, streams);
      await db.insert(activityStreams).values(values).onConflictDoUpdate({ target: activityStreams.activityId, set: values });
    },

    /** Streams of an activity of this account; null when none are stored. */
    async loadStreams(userId: string, activityId: string): Promise<ActivityStreams | null> {
      const [row] = await db
        .select({ data: activityStreams.data })
        .from(activityStreams)
        .innerJoin(activities, eq(activities.id, activityStreams.activityId))
        .where(and(eq(activities.userId, userId), eq(activityStreams.activityId, activityId)))
        .limit(1);
      return row ? decodeStreams(row.data) : null;
    },

    async streamKeys(activityId: string): Promise<string[] | null> {
      const [row] = await db
        .select({ keys: activityStreams.keys })
        .from(activityStreams)
        .where(eq(activityStreams.activityId, activityId))
        .limit(1);
      return row?.keys ?? null;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(activities).where(eq(activities.userId, userId));
      return row?.n ?? 0;
    },
  };
}

export type ActivitiesRepo = ReturnType<typeof createActivitiesRepo>;
