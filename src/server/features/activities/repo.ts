import { and, between, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Database } from '../../db/client.ts';
import { activities, activityStreams, type ActivitySource } from '../../db/schema.ts';
import { DUPLICATE_START_TOLERANCE_S, isSameActivity } from './duplicate-rule.ts';
import { STREAM_CODEC_VERSION, decodeStreams, packStreams, type PackedStreams } from '../../db/stream-codec.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type ActivityValues = Omit<typeof activities.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'listItem'>;

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

/** What a new file or archive entry became: stored, or refused as the same activity as one already there. */
export type InsertOutcome = { inserted: ActivityRow; duplicateOf?: never } | { inserted?: never; duplicateOf: ActivityRow };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Holds the account's activity-write lock until the transaction ends, so two uploads of one
 * activity (or an upload racing a sync) cannot both miss each other and both be stored.
 */
async function lockAccountActivities(tx: Transaction, userId: string): Promise<void> {
  await lockAccount(tx, 'activityWrites', userId);
}

/**
 * The account's activity that `values` records again, if any: only activities that are not
 * themselves duplicates, found through activities_user_start (start within the tolerance).
 */
async function findRecordedAgain(tx: Transaction, userId: string, values: ActivityValues): Promise<ActivityRow | undefined> {
  const toleranceMs = DUPLICATE_START_TOLERANCE_S * 1000;
  const start = values.startDate.getTime();
  const candidates = await tx
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        between(activities.startDate, new Date(start - toleranceMs), new Date(start + toleranceMs)),
        isNull(activities.duplicateOf),
      ),
    )
    .orderBy(activities.createdAt);
  const span = { ...values, elapsedTime: values.elapsedTime ?? 0, movingTime: values.movingTime ?? 0 };
  return candidates.find((candidate) => isSameActivity(candidate, span));
}

function streamsRow(activityId: string, { sampleCount, keys, data }: PackedStreams) {
  return { activityId, sampleCount, keys, codecVersion: STREAM_CODEC_VERSION, data };
}

/**
 * Newest first, then by id: the order of activities_user_list as declared (DESC NULLS LAST), so the
 * index hands the rows over in order and the page stops after `limit` of them. A plain `desc`
 * means NULLS FIRST, which that index cannot give: the planner then reads every activity of the
 * account and sorts them, which it chose on a table not yet analysed (after a big import, 1.5 ms
 * and 778 buffers for a page of 50 instead of 0.4 ms and 45).
 */
const listOrder = [sql`${activities.startDate} desc nulls last`, sql`${activities.id} desc nulls last`];

const listWhere = (paged: boolean) =>
  and(
    eq(activities.userId, sql.placeholder('userId')),
    isNull(activities.duplicateOf),
    paged ? lt(activities.startDate, sql.placeholder('before')) : undefined,
  );

function listStatement(db: Database) {
  return db
    .select(listColumns)
    .from(activities)
    .where(listWhere(false))
    .orderBy(...listOrder)
    .limit(sql.placeholder('limit'))
    .prepare('activities_list_first');
}

/**
 * A page before `before` as its kept list items (ADR 0059): the JSON text of the page when every
 * activity on it has one, null when one or more has none yet (written since, or never listed).
 */
function listItemsStatement(db: Database) {
  const page = db
    .select({ listItem: activities.listItem, startDate: activities.startDate, id: activities.id })
    .from(activities)
    .where(listWhere(true))
    .orderBy(...listOrder)
    .limit(sql.placeholder('limit'))
    .as('page');
  return db
    .select({
      body: sql<string | null>`case when count(*) = count(${page.listItem})
        then '[' || coalesce(string_agg(${page.listItem}, ',' order by ${page.startDate} desc, ${page.id} desc), '') || ']' end`,
    })
    .from(page)
    .prepare('activities_list_before_items');
}

/** The listed columns with the row version (xmin) they were read at, for writing their list items back. */
function listVersionsStatement(db: Database) {
  return db
    .select({ ...listColumns, version: sql<string>`${activities}.xmin::text` })
    .from(activities)
    .where(listWhere(true))
    .orderBy(...listOrder)
    .limit(sql.placeholder('limit'))
    .prepare('activities_list_before_versions');
}

export function createActivitiesRepo(db: Database) {
  const listFirstPage = listStatement(db);
  const listPageItems = listItemsStatement(db);
  const listPageVersions = listVersionsStatement(db);
  /** The account's activity with its streams as stored (stream-codec.ts), for a reader that decodes them elsewhere (a worker). */
  async function findWithPackedStreams(userId: string, id: string): Promise<{ row: ActivityRow; packedStreams: Uint8Array | null } | undefined> {
    const [found] = await db
      .select({ row: activities, data: activityStreams.data })
      .from(activities)
      .leftJoin(activityStreams, eq(activityStreams.activityId, activities.id))
      .where(and(eq(activities.userId, userId), eq(activities.id, id)))
      .limit(1);
    return found && { row: found.row, packedStreams: found.data ?? null };
  }
  return {
    /**
     * The newest activities, duplicates left out, always scoped to one account: one range read of
     * activities_user_list by a statement prepared once (per connection on PostgreSQL).
     */
    async list(userId: string, options: { limit: number }): Promise<ActivityListRow[]> {
      return listFirstPage.execute({ userId, limit: options.limit });
    },

    /**
     * The page before `before` as the API's JSON text, from the activities' kept list items: one
     * statement, planned once per connection, answered with one row. Null when an activity on the
     * page has no list item (see `listWithVersions` and `keepListItems`).
     */
    async listItems(userId: string, options: { limit: number; before: Date }): Promise<string | null> {
      const [row] = await listPageItems.execute({ userId, limit: options.limit, before: options.before.toISOString() });
      return row ? row.body : '[]';
    },

    /** The page before `before` as `list` reads it, each row with the version it was read at. */
    async listWithVersions(userId: string, options: { limit: number; before: Date }): Promise<(ActivityListRow & { version: string })[]> {
      return listPageVersions.execute({ userId, limit: options.limit, before: options.before.toISOString() });
    },

    /**
     * Keeps each activity's list item, unless the activity changed since it was read at `version`
     * (then the next read writes it again) or another read kept it first.
     */
    async keepListItems(userId: string, items: { id: string; version: string; item: string }[]): Promise<void> {
      if (items.length === 0) return;
      const rows = sql.join(
        items.map(({ id, version, item }) => sql`(${id}::uuid, ${version}::xid, ${item}::text)`),
        sql`, `,
      );
      await db.execute(sql`update ${activities} set list_item = kept.item
        from (values ${rows}) as kept (id, version, item)
        where ${activities.id} = kept.id and ${activities.userId} = ${userId}
          and ${activities}.xmin = kept.version and ${activities.listItem} is null`);
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
     * Inserts or refreshes an activity keyed by (account, source, source key), so repeated syncs
     * never duplicate rows. A new activity that records one already in the account (an upload of
     * it, see duplicate-rule) is stored linked to it as its duplicate. Returns its id and whether
     * it was new.
     */
    async upsert(userId: string, values: ActivityValues): Promise<{ id: string; created: boolean }> {
      return db.transaction(async (tx) => {
        await lockAccountActivities(tx, userId);
        const [known] = await tx
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.userId, userId), eq(activities.source, values.source), eq(activities.sourceKey, values.sourceKey)))
          .limit(1);
        if (known) {
          await tx.update(activities).set({ ...values, updatedAt: new Date() }).where(eq(activities.id, known.id));
          return { id: known.id, created: false };
        }
        const original = await findRecordedAgain(tx, userId, values);
        const [row] = await tx
          .insert(activities)
          .values({ ...values, userId, duplicateOf: original?.id ?? null })
          .returning({ id: activities.id });
        if (!row) throw new Error('insert returned no row');
        return { id: row.id, created: true };
      });
    },

    /**
     * Inserts an uploaded activity with its streams unless the account already has it: the same
     * file or archive entry (same source key) or the same activity recorded elsewhere (duplicate
     * rule). One transaction under the account's write lock: parallel uploads store one, and a
     * crash never leaves the activity stored without its streams, which come packed (a worker of
     * the file reader packs them as it parses).
     */
    async insertUnlessRecorded(userId: string, values: ActivityValues, streams: PackedStreams): Promise<InsertOutcome> {
      return db.transaction(async (tx) => {
        await lockAccountActivities(tx, userId);
        const [sameSource] = await tx
          .select()
          .from(activities)
          .where(and(eq(activities.userId, userId), eq(activities.source, values.source), eq(activities.sourceKey, values.sourceKey)))
          .limit(1);
        const original = sameSource ?? (await findRecordedAgain(tx, userId, values));
        if (original) return { duplicateOf: original };
        const [row] = await tx
          .insert(activities)
          .values({ ...values, userId })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await tx.insert(activityStreams).values(streamsRow(row.id, streams));
        return { inserted: row };
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
      const values = streamsRow(activityId, packStreams(streams));
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

    /** The account's activity with its stored streams (null when it has none), in one read; undefined when the account has no such activity. */
    async findWithStreams(userId: string, id: string): Promise<{ row: ActivityRow; streams: ActivityStreams | null } | undefined> {
      const found = await findWithPackedStreams(userId, id);
      return found && { row: found.row, streams: found.packedStreams ? decodeStreams(found.packedStreams) : null };
    },

    findWithPackedStreams,

    async streamKeys(activityId: string): Promise<string[] | null> {
      const [row] = await db
        .select({ keys: activityStreams.keys })
        .from(activityStreams)
        .where(eq(activityStreams.activityId, activityId))
        .limit(1);
      return row?.keys ?? null;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(activities)
        .where(and(eq(activities.userId, userId), isNull(activities.duplicateOf)));
      return row?.n ?? 0;
    },
  };
}

export type ActivitiesRepo = ReturnType<typeof createActivitiesRepo>;
