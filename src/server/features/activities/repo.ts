import { and, between, desc, eq, inArray, isNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import type { Database } from '../../db/client.ts';
import { activities, activityStreams, type ActivitySource } from '../../db/schema.ts';
import { DUPLICATE_START_TOLERANCE_S, isSameActivity } from './duplicate-rule.ts';
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

/** What a new file or archive entry became: stored, or refused as the same activity as one already there. */
export type InsertOutcome = { inserted: ActivityRow; duplicateOf?: never } | { inserted?: never; duplicateOf: ActivityRow };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Key class of the per-account advisory lock that serialises activity writes (two-key form, apart from pg-boss's). */
const ACTIVITY_WRITE_LOCK_CLASS = 0x4b41_4301;

/**
 * Holds the account's activity-write lock until the transaction ends, so two uploads of one
 * activity (or an upload racing a sync) cannot both miss each other and both be stored.
 */
async function lockAccountActivities(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACTIVITY_WRITE_LOCK_CLASS}, hashtext(${userId}))`);
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

function streamsRow(activityId: string, streams: ActivityStreams) {
  const keys = Object.keys(streams).filter((key) => key !== 'timeS' && streams[key as keyof ActivityStreams]);
  return { activityId, sampleCount: streams.timeS.length, keys, codecVersion: STREAM_CODEC_VERSION, data: encodeStreams(streams) };
}

/** The activity list's statement, newest first, duplicates left out; `before` pages by start date. */
function listQuery(db: Database, paged: boolean) {
  return db
    .select(listColumns)
    .from(activities)
    .where(
      and(
        eq(activities.userId, sql.placeholder('userId')),
        isNull(activities.duplicateOf),
        paged ? lt(activities.startDate, sql.placeholder('before')) : undefined,
      ),
    )
    .orderBy(desc(activities.startDate), desc(activities.id))
    .limit(sql.placeholder('limit'));
}

function listStatement(db: Database, paged: boolean) {
  return listQuery(db, paged).prepare(paged ? 'activities_list_before' : 'activities_list_first');
}

/**
 * A double as JSON.stringify writes it, or SQL null where PostgreSQL may write it otherwise.
 * PostgreSQL and JavaScript both write the shortest digits that read back as the same double, and
 * both write them plainly from 1e-4 up to 1e15. Outside that range one writes `1e-05` and `1e+15`
 * where the other writes `0.00001` and `1000000000000000`, and from 2^53 up their shortest digits
 * can differ in the last place: no distance, time, heart rate or power is there, so such a value
 * leaves its page to the server. 0 (and -0, which JavaScript writes as 0) is `0`; NaN and the
 * infinities are `null` (in PostgreSQL NaN sorts above every number), as is null.
 */
const jsonNumber = (column: SQL | AnyColumn) => sql`case
  when ${column} = 0 then '0'
  when abs(${column}) >= '1e-4'::float8 and abs(${column}) < '1e15'::float8 then ${column}::text
  when abs(${column}) < 'Infinity'::float8 then null
  else 'null' end`;
const jsonInteger = (column: SQL | AnyColumn) => sql`${column}::text`;
const jsonBoolean = (column: SQL | AnyColumn) => sql`case when ${column} then 'true' else 'false' end`;
/** JSON text of a text value; to_json escapes as JSON.stringify does (PostgreSQL text holds no lone surrogates). */
const jsonString = (column: SQL | AnyColumn) => sql`coalesce(to_json(${column})::text, 'null')`;
/**
 * A start as Date#toISOString writes it, to the millisecond (to_char's MS drops the microseconds
 * as the driver's Date does), for the years 0001-9999 both write alike; SQL null for any other.
 */
const jsonDate = (column: SQL | AnyColumn) => sql`case
  when ${column} >= '0001-01-01T00:00:00Z'::timestamptz and ${column} < '10000-01-01T00:00:00Z'::timestamptz
  then '"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end`;

/**
 * The list page as the JSON text the API answers, built by PostgreSQL in one row: the bytes
 * `JSON.stringify` gives for the page of ActivityListItem (same keys in the same order). A value
 * the database may write otherwise (see `jsonNumber`, `jsonDate`) makes the page null: the server
 * serialises that page itself. Otherwise the server sends the text as it is, with no per-row work
 * in Node (ADR 0058).
 */
function listJsonStatement(db: Database) {
  const page = listQuery(db, true).as('page');
  const item = sql.join(
    [
      sql`'{"id":"' || ${page.id}::text || '","name":' || ${jsonString(page.name)}`,
      sql`',"type":' || ${jsonString(page.type)} || ',"sportType":' || ${jsonString(page.sportType)}`,
      // The source is one of the enum's labels, plain words.
      sql`',"source":"' || ${page.source}::text || '","stravaActivityId":' || ${jsonString(page.stravaActivityId)}`,
      sql`',"distance":' || ${jsonNumber(page.distance)} || ',"movingTime":' || ${jsonInteger(page.movingTime)}`,
      sql`',"elapsedTime":' || ${jsonInteger(page.elapsedTime)} || ',"totalElevationGain":' || ${jsonNumber(page.totalElevationGain)}`,
      sql`',"startDate":' || ${jsonDate(page.startDate)}`,
      sql`',"averageHeartrate":' || ${jsonNumber(page.averageHeartrate)} || ',"averageWatts":' || ${jsonNumber(page.averageWatts)}`,
      sql`',"deviceWatts":' || ${jsonBoolean(page.deviceWatts)} || ',"trainer":' || ${jsonBoolean(page.trainer)} || '}'`,
    ],
    sql` || `,
  );
  // An activity the database cannot write is U+0001, which JSON text never holds raw (to_json
  // escapes it): a page holding one is null, left to the server.
  const written = db
    .select({
      body: sql<string>`'[' || coalesce(string_agg(coalesce(${item}, chr(1)), ',' order by ${page.startDate} desc, ${page.id} desc), '') || ']'`.as(
        'body',
      ),
    })
    .from(page)
    .as('written');
  return db
    .select({ body: sql<string | null>`case when strpos(${written.body}, chr(1)) = 0 then ${written.body} end` })
    .from(written)
    .prepare('activities_list_before_json');
}

export function createActivitiesRepo(db: Database) {
  const listFirstPage = listStatement(db, false);
  const listPageBefore = listStatement(db, true);
  const listPageBeforeJson = listJsonStatement(db);
  return {
    /**
     * Newest first, duplicates left out; `before` pages by start date. Always scoped to one account.
     * The two statements are prepared once (per connection on PostgreSQL): a page is then a range
     * read of activities_user_list without parsing or planning the query again.
     */
    async list(userId: string, options: { limit: number; before?: Date }): Promise<ActivityListRow[]> {
      return options.before
        ? listPageBefore.execute({ userId, limit: options.limit, before: options.before.toISOString() })
        : listFirstPage.execute({ userId, limit: options.limit });
    },

    /**
     * The page before `before` as the API's JSON text, in one statement that PostgreSQL plans once
     * per connection and answers with one row: what `list` returns, serialised. Null for a page
     * holding a number the database would write otherwise than JSON.stringify (the caller then
     * serialises `list`'s rows).
     */
    async listJson(userId: string, options: { limit: number; before: Date }): Promise<string | null> {
      const [row] = await listPageBeforeJson.execute({ userId, limit: options.limit, before: options.before.toISOString() });
      return row ? row.body : '[]';
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
     * crash never leaves the activity stored without its streams.
     */
    async insertUnlessRecorded(userId: string, values: ActivityValues, streams: ActivityStreams): Promise<InsertOutcome> {
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

    /** The account's activity with its stored streams (null when it has none), in one read; undefined when the account has no such activity. */
    async findWithStreams(userId: string, id: string): Promise<{ row: ActivityRow; streams: ActivityStreams | null } | undefined> {
      const [found] = await db
        .select({ row: activities, data: activityStreams.data })
        .from(activities)
        .leftJoin(activityStreams, eq(activityStreams.activityId, activities.id))
        .where(and(eq(activities.userId, userId), eq(activities.id, id)))
        .limit(1);
      return found && { row: found.row, streams: found.data ? decodeStreams(found.data) : null };
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
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(activities)
        .where(and(eq(activities.userId, userId), isNull(activities.duplicateOf)));
      return row?.n ?? 0;
    },
  };
}

export type ActivitiesRepo = ReturnType<typeof createActivitiesRepo>;
