import { and, asc, between, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, max, ne, notExists, notInArray, sql, type SQL } from 'drizzle-orm';
import { HEART_RATE_RANGE_BPM } from '../../../metrics/sample-cleaning.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Database } from '../../db/client.ts';
import { fitnessDayJson, type FitnessDay } from '../../../metrics/fitness.ts';
import { activities, activityMetrics, fitnessDays, type ActivitySource } from '../../db/schema.ts';

export type ActivityMetricsRow = typeof activityMetrics.$inferSelect;

/** Load, fitness and bests count each real activity once: a duplicate recording is left out. */
const counted = () => isNull(activities.duplicateOf);

/** Joins an activity's stored metrics to the activity. */
const metricsOfActivity = () => eq(activities.id, activityMetrics.activityId);

/** The account's counted activities with stored metrics (joined to them) that meet every one of `conditions`. */
const scoredOf = (accountId: string, ...conditions: (SQL | undefined)[]) => and(eq(activityMetrics.userId, accountId), counted(), ...conditions);

/**
 * The order of activities that started at the same time, the same in every database (ADR 0065):
 * by source key (a file's content hash, Strava's id), then id; never the order they arrived in.
 */
const sameStartOrder = () => [asc(activities.sourceKey), asc(activities.id)];

/** Activities that started in [from, to). */
const startedIn = (from: Date, to: Date) => and(gte(activities.startDate, from), lt(activities.startDate, to));

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const FITNESS_INSERT_CHUNK = 5_000;

/** The per-activity metrics whose highest value over a window the estimates start from. */
type WindowMetric = 'best20MinPowerW' | 'maxHeartrateBpm' | 'impliedThresholdSpeedMps';

export interface WindowHighest {
  highest: number;
  /** The sources of the activities it was read from. */
  sources: ActivitySource[];
}

/**
 * The stored days a chart window reads, for `accountId` from `fromDate` to `toDate` (placeholders):
 * the window's days and the last stored day before it, which the window continues from when it
 * starts after the history ends. The primary key is read backwards for the day before, then
 * forwards for the window.
 */
function fitnessWindowDays(db: Database) {
  const dayBefore = db
    .select({ date: max(fitnessDays.date) })
    .from(fitnessDays)
    .where(and(eq(fitnessDays.userId, sql.placeholder('accountId')), lt(fitnessDays.date, sql`${sql.placeholder('fromDate')}::date`)));
  return and(
    eq(fitnessDays.userId, sql.placeholder('accountId')),
    gte(fitnessDays.date, sql`coalesce((${dayBefore}), ${sql.placeholder('fromDate')}::date)`),
    lte(fitnessDays.date, sql`${sql.placeholder('toDate')}::date`),
  );
}

/** See `storedFitness`. */
function fitnessWindowStatement(db: Database) {
  return db
    .select({ date: sql<string>`${fitnessDays.date}::text`, load: fitnessDays.load, ctl: fitnessDays.ctl, atl: fitnessDays.atl, tsb: fitnessDays.tsb })
    .from(fitnessDays)
    .where(fitnessWindowDays(db))
    .orderBy(asc(fitnessDays.date))
    .prepare('fitness_window');
}

/**
 * The same days as `fitnessWindowStatement`, as the kept JSON of the days in the window (one text),
 * the first of their dates and the kept JSON of the last day read (the window's last stored day,
 * or the day before it). `complete` is false when a day read has no kept JSON (stored before it
 * was written).
 */
function fitnessWindowTextStatement(db: Database) {
  const inWindow = sql`${fitnessDays.date} >= ${sql.placeholder('fromDate')}::date`;
  return db
    .select({
      stored: sql<string | null>`string_agg(${fitnessDays.item}, ',' order by ${fitnessDays.date}) filter (where ${inWindow})`,
      first: sql<string | null>`(min(${fitnessDays.date}) filter (where ${inWindow}))::text`,
      last: sql<string | null>`(array_agg(${fitnessDays.item} order by ${fitnessDays.date} desc))[1]`,
      complete: sql<boolean>`count(*) = count(${fitnessDays.item})`,
    })
    .from(fitnessDays)
    .where(fitnessWindowDays(db))
    .prepare('fitness_window_text');
}

export function createMetricsRepo(db: Database) {
  const fitnessWindow = fitnessWindowStatement(db);
  const fitnessWindowText = fitnessWindowTextStatement(db);
  return {
    async save(values: typeof activityMetrics.$inferInsert): Promise<void> {
      const { activityId: _activityId, ...update } = values;
      await db
        .insert(activityMetrics)
        .values(values)
        .onConflictDoUpdate({ target: activityMetrics.activityId, set: { ...update, computedAt: new Date() } });
    },

    async find(accountId: string, activityId: string): Promise<ActivityMetricsRow | undefined> {
      const [row] = await db
        .select()
        .from(activityMetrics)
        .where(and(eq(activityMetrics.userId, accountId), eq(activityMetrics.activityId, activityId)))
        .limit(1);
      return row;
    },

    /**
     * The highest value of one stored metric over the account's activities (but `excludeActivityId`,
     * and of `sources` only when given) that started in [from, to): the best 20-minute power, the
     * highest heart rate or the fastest implied threshold speed of a window, with the sources of
     * every activity that had a value, since the highest of them is read from them all.
     */
    async highestInWindow(
      accountId: string,
      metric: WindowMetric,
      window: { from: Date; to: Date; excludeActivityId?: string; sources?: readonly ActivitySource[] },
    ): Promise<WindowHighest | null> {
      const [row] = await db
        .select({
          highest: max(activityMetrics[metric]),
          sources: sql<ActivitySource[] | null>`array_agg(distinct ${activities.source}::text order by ${activities.source}::text)`,
        })
        .from(activityMetrics)
        .innerJoin(activities, metricsOfActivity())
        .where(
          scoredOf(
            accountId,
            isNotNull(activityMetrics[metric]),
            window.excludeActivityId === undefined ? undefined : ne(activityMetrics.activityId, window.excludeActivityId),
            window.sources === undefined ? undefined : inArray(activities.source, [...window.sources]),
            startedIn(window.from, window.to),
          ),
        );
      return row?.highest == null ? null : { highest: row.highest, sources: row.sources ?? [] };
    },

    /**
     * The activity with the highest value of one stored metric among those that started in
     * [from, to), newest first on a tie (then `sameStartOrder`): the evidence of an estimate (the best 20-minute power of
     * the FTP, the highest heart rate of the zones).
     */
    async bestEffort(accountId: string, metric: WindowMetric, from: Date, to: Date) {
      const [row] = await db
        .select({
          activityId: activities.id,
          name: activities.name,
          startDate: activities.startDate,
          source: activities.source,
          value: activityMetrics[metric],
        })
        .from(activityMetrics)
        .innerJoin(activities, metricsOfActivity())
        .where(scoredOf(accountId, isNotNull(activityMetrics[metric]), startedIn(from, to)))
        .orderBy(desc(activityMetrics[metric]), desc(activities.startDate), ...sameStartOrder())
        .limit(1);
      return row?.value == null ? null : { ...row, value: row.value };
    },

    /**
     * The `limit` highest activity peaks of heart rate among the account's activities (of
     * `sportTypes` and `sources` when given, none of `exceptSportTypes`, but `excludeActivityId`) that started in [from, to),
     * highest first, newest first on a tie (then `sameStartOrder`), with the sources of every activity of the window that
     * had a heart rate (the estimate is read from them all, as with highestInWindow).
     */
    async heartRatePeaks(
      accountId: string,
      window: { from: Date; to: Date; sportTypes?: readonly string[]; exceptSportTypes?: readonly string[]; excludeActivityId?: string; sources?: readonly ActivitySource[] },
      limit = 2,
    ): Promise<{ peaks: { activityId: string; name: string; startDate: Date; source: ActivitySource; sourceKey: string; maxHeartrateBpm: number }[]; sources: ActivitySource[] }> {
      const where = scoredOf(
        accountId,
        // Only peaks the sample cleaning would keep as heart rates (a summary's max is not cleaned).
        between(activityMetrics.maxHeartrateBpm, HEART_RATE_RANGE_BPM[0], HEART_RATE_RANGE_BPM[1]),
        window.sportTypes === undefined ? undefined : inArray(activities.sportType, [...window.sportTypes]),
        window.exceptSportTypes === undefined ? undefined : notInArray(activities.sportType, [...window.exceptSportTypes]),
        window.excludeActivityId === undefined ? undefined : ne(activityMetrics.activityId, window.excludeActivityId),
        window.sources === undefined ? undefined : inArray(activities.source, [...window.sources]),
        startedIn(window.from, window.to),
      );
      // One scan: the window's sources ride along with each of the top rows.
      const rows = await db
        .select({
          activityId: activities.id,
          name: activities.name,
          startDate: activities.startDate,
          source: activities.source,
          sourceKey: activities.sourceKey,
          maxHeartrateBpm: activityMetrics.maxHeartrateBpm,
          sources: sql<ActivitySource[]>`array_agg(${activities.source}::text) over ()`,
        })
        .from(activityMetrics)
        .innerJoin(activities, metricsOfActivity())
        .where(where)
        .orderBy(desc(activityMetrics.maxHeartrateBpm), desc(activities.startDate), ...sameStartOrder())
        .limit(limit);
      return {
        peaks: rows.flatMap(({ sources: _sources, ...row }) => (row.maxHeartrateBpm === null ? [] : [{ ...row, maxHeartrateBpm: row.maxHeartrateBpm }])),
        sources: [...new Set(rows[0]?.sources ?? [])].sort(),
      };
    },

    /** The stored metrics and power curves of the account's activities among `activityIds` (those computed). */
    async findMany(accountId: string, activityIds: readonly string[]) {
      if (activityIds.length === 0) return [];
      return db
        .select({ activityId: activityMetrics.activityId, metrics: activityMetrics.metrics, powerCurveW: activityMetrics.powerCurveW })
        .from(activityMetrics)
        .where(and(eq(activityMetrics.userId, accountId), inArray(activityMetrics.activityId, [...activityIds])));
    },

    /** When the account's newest activity started. */
    async latestStartDate(accountId: string): Promise<Date | null> {
      const [row] = await db
        .select({ latest: max(activities.startDate) })
        .from(activities)
        .where(and(eq(activities.userId, accountId), counted()));
      return row?.latest ?? null;
    },

    /**
     * The best power per grid entry over the account's activities that started at or after `from`,
     * with how many activities had any: one aggregate over the stored curves, no streams read.
     */
    async bestPowerCurveW(accountId: string, from: Date): Promise<{ watts: number[]; activityCount: number }> {
      const result = (await db.execute(sql`
        select curve.entry::int as entry, max(curve.watts)::float8 as watts, count(*)::int as activities
          from ${activityMetrics}
          join ${activities} on ${activities.id} = ${activityMetrics.activityId}
          cross join lateral unnest(${activityMetrics.powerCurveW}) with ordinality as curve(watts, entry)
         where ${activityMetrics.userId} = ${accountId} and ${activities.userId} = ${accountId}
           and ${activities.duplicateOf} is null and ${activities.startDate} >= ${from}
         group by curve.entry
         order by curve.entry`)) as unknown as { rows: { entry: number; watts: number; activities: number }[] };
      // Every curve starts at the first entry (1 s), so its count is the number of curves.
      return { watts: result.rows.map((row) => row.watts), activityCount: result.rows[0]?.activities ?? 0 };
    },

    /** Activities since `from` whose metrics predate stored power curves and that have measured power. */
    async activityIdsMissingPowerCurve(accountId: string, from: Date): Promise<string[]> {
      const rows = await db
        .select({ id: activityMetrics.activityId })
        .from(activityMetrics)
        .innerJoin(activities, metricsOfActivity())
        .where(scoredOf(accountId, isNull(activityMetrics.powerCurveW), eq(activities.deviceWatts, true), gte(activities.startDate, from)));
      return rows.map((row) => row.id);
    },

    async savePowerCurve(accountId: string, activityId: string, powerCurveW: number[]): Promise<void> {
      await db
        .update(activityMetrics)
        .set({ powerCurveW })
        .where(and(eq(activityMetrics.userId, accountId), eq(activityMetrics.activityId, activityId)));
    },

    /**
     * Rewrites the account's stored fitness series from its daily loads over the whole history:
     * `compute` turns the loads into the days to store. Serialised per account, and the loads are
     * read under the lock, so of two rewrites racing the later one stores the newer loads.
     */
    async rewriteFitness(accountId: string, compute: (loads: { date: string; load: number }[]) => FitnessDay[]): Promise<number> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, 'fitnessRewrite', accountId);
        const day = sql<string>`to_char(${activities.startDate} at time zone 'UTC', 'YYYY-MM-DD')`;
        const loads = await tx
          .select({ date: day, load: sql<number>`coalesce(sum(${activityMetrics.trainingLoad}), 0)::float8` })
          .from(activityMetrics)
          .innerJoin(activities, metricsOfActivity())
          .where(scoredOf(accountId, eq(activities.userId, accountId)))
          .groupBy(day);
        const days = compute(loads);
        await tx.delete(fitnessDays).where(eq(fitnessDays.userId, accountId));
        for (let start = 0; start < days.length; start += FITNESS_INSERT_CHUNK) {
          await tx
            .insert(fitnessDays)
            .values(days.slice(start, start + FITNESS_INSERT_CHUNK).map((entry) => ({ userId: accountId, ...entry, item: fitnessDayJson(entry) })));
        }
        return days.length;
      });
    },

    /**
     * The stored fitness days in [fromDate, toDate] ('YYYY-MM-DD') and the last stored day before
     * `fromDate`, which the days asked for continue from when the window starts after the history
     * ends: one statement, prepared once per connection (see `fitnessWindowDays`).
     */
    async storedFitness(accountId: string, fromDate: string, toDate: string): Promise<FitnessDay[]> {
      return fitnessWindow.execute({ accountId, fromDate, toDate });
    },

    /**
     * The same days as `storedFitness` as their kept JSON (see `fitnessWindowTextStatement`): one
     * row, no per-day work here. Null when a day read has none.
     */
    async storedFitnessText(accountId: string, fromDate: string, toDate: string): Promise<{ stored: string; first: string | null; last: FitnessDay | null } | null> {
      const [row] = await fitnessWindowText.execute({ accountId, fromDate, toDate });
      if (!row?.complete) return null;
      return { stored: row.stored ?? '', first: row.first, last: row.last === null ? null : (JSON.parse(row.last) as FitnessDay) };
    },

    /** Accounts with scored activities but no stored fitness series (metrics stored before the series was). */
    async accountsWithoutFitness(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ accountId: activityMetrics.userId })
        .from(activityMetrics)
        .where(notExists(db.select({ one: sql`1` }).from(fitnessDays).where(eq(fitnessDays.userId, activityMetrics.userId))));
      return rows.map((row) => row.accountId);
    },

    /**
     * The sources of every counted, scored activity that started before `to`, and of those their
     * thresholds were read from: what a fitness figure of a day before `to` is derived from, since
     * the series runs over the whole history.
     */
    async sourcesBefore(accountId: string, to: Date): Promise<ActivitySource[]> {
      const result = (await db.execute(sql`
        select distinct derived.source from (
          select ${activities.source}::text as source, ${activityMetrics.thresholdSources} as threshold_sources
            from ${activityMetrics}
            join ${activities} on ${activities.id} = ${activityMetrics.activityId}
           where ${activityMetrics.userId} = ${accountId} and ${activities.userId} = ${accountId}
             and ${activities.duplicateOf} is null and ${activities.startDate} < ${to}
        ) scored
        cross join lateral unnest(array_append(scored.threshold_sources, scored.source)) as derived(source)`)) as unknown as { rows: { source: ActivitySource }[] };
      return result.rows.map((row) => row.source).sort();
    },

    /**
     * The account's activities that started in [from, to), oldest first, with their training load
     * (null until computed) and the sources their thresholds were read from: what a training log
     * over those days shows.
     */
    async trainingLog(accountId: string, from: Date, to: Date) {
      return db
        .select({
          activityId: activities.id,
          sportType: activities.sportType,
          source: activities.source,
          startDate: activities.startDate,
          movingTimeS: activities.movingTime,
          trainingLoad: activityMetrics.trainingLoad,
          thresholdSources: activityMetrics.thresholdSources,
        })
        .from(activities)
        .leftJoin(activityMetrics, eq(activityMetrics.activityId, activities.id))
        .where(and(eq(activities.userId, accountId), counted(), startedIn(from, to)))
        .orderBy(asc(activities.startDate), ...sameStartOrder());
    },

    /** Whether any of the account's activities has no stored metrics yet (a history still being scored). */
    async hasUnscored(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: activities.id })
        .from(activities)
        .leftJoin(activityMetrics, eq(activityMetrics.activityId, activities.id))
        .where(and(eq(activities.userId, accountId), counted(), isNull(activityMetrics.activityId)))
        .limit(1);
      return row !== undefined;
    },

    /** The account's counted activity ids, oldest first: recomputing in this order lets each see its past. */
    async activityIdsOldestFirst(accountId: string): Promise<string[]> {
      const rows = await db
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.userId, accountId), counted()))
        .orderBy(asc(activities.startDate), ...sameStartOrder());
      return rows.map((row) => row.id);
    },

    /**
     * The account's scored activities that started in [from, to], oldest first (then
     * `sameStartOrder`), with the thresholds they were scored against: those whose estimates an
     * activity of `from` can change.
     */
    async scoredStartingIn(accountId: string, from: Date, to: Date) {
      return db
        .select({
          id: activities.id,
          startDate: activities.startDate,
          sportType: activities.sportType,
          source: activities.source,
          maxHeartrate: activities.maxHeartrate,
          metrics: activityMetrics.metrics,
          thresholdSources: activityMetrics.thresholdSources,
        })
        .from(activityMetrics)
        .innerJoin(activities, metricsOfActivity())
        .where(scoredOf(accountId, gte(activities.startDate, from), lte(activities.startDate, to)))
        .orderBy(asc(activities.startDate), ...sameStartOrder());
    },

    /** When one of the account's activities started; null when it has no such activity. */
    async startDateOf(accountId: string, activityId: string): Promise<Date | null> {
      const [row] = await db
        .select({ startDate: activities.startDate })
        .from(activities)
        .where(and(eq(activities.userId, accountId), eq(activities.id, activityId)))
        .limit(1);
      return row?.startDate ?? null;
    },
  };
}

export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
