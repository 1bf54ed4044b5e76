import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { CalendarPeriod } from '../../../shared/domain/week-start.ts';
import type { Database } from '../../db/client.ts';
import { activities, activityMetrics } from '../../db/schema.ts';
import { activitiesIn, dayAfter, dayStart, knownDistanceM, type FactActivity } from '../facts/index.ts';
import type { TotalsSum } from './totals.ts';

/** What one month or year of one sport type sums to, as the database adds it up. */
export interface PeriodSportSum extends TotalsSum {
  /** '2026-03' or '2026'. */
  key: string;
  sportType: string;
}

/**
 * The calendar's reads (ADR 0080), each one indexed range read of the account's activities
 * (activities_user_start), duplicates left out, by the UTC day an activity started on.
 */
export function createCalendarRepo(db: Database) {
  return {
    /** The activities that started on the days `from`..`to`, oldest first, as the facts layer reads them. */
    activitiesOn(accountId: string, from: string, to: string): Promise<FactActivity[]> {
      return activitiesIn(db, accountId, { from, to }, { curves: false });
    },

    /**
     * The sums of the activities that started on the days `from`..`to`, per month or year (of
     * their UTC start day) and sport type, by the facts layer's rule of a known distance
     * (`knownDistanceM`: an indoor ride's 0 is none recorded); a null elevation gain or load is unknown.
     */
    async sumsByPeriod(accountId: string, from: string, to: string, period: CalendarPeriod): Promise<PeriodSportSum[]> {
      // A literal, not a parameter: the same expression must group and be selected.
      const key = sql<string>`to_char(${activities.startDate} at time zone 'UTC', ${sql.raw(period === 'month' ? "'YYYY-MM'" : "'YYYY'")})`;
      const rows = await db
        .select({
          key,
          sportType: activities.sportType,
          activities: sql<number>`count(*)::int`,
          movingTimeS: sql<number>`coalesce(sum(${activities.movingTime}), 0)::float8`,
          distanceM: sql<number>`coalesce(sum(${knownDistanceM}), 0)::float8`,
          distanceKnown: sql<number>`count(${knownDistanceM})::int`,
          elevationGainM: sql<number>`coalesce(sum(${activities.totalElevationGain}), 0)::float8`,
          elevationGainKnown: sql<number>`count(${activities.totalElevationGain})::int`,
          trainingLoad: sql<number>`coalesce(sum(${activityMetrics.trainingLoad}), 0)::float8`,
          trainingLoadKnown: sql<number>`count(${activityMetrics.trainingLoad})::int`,
        })
        .from(activities)
        .leftJoin(activityMetrics, eq(activityMetrics.activityId, activities.id))
        .where(and(eq(activities.userId, accountId), isNull(activities.duplicateOf), gte(activities.startDate, dayStart(from)), lt(activities.startDate, dayAfter(to))))
        .groupBy(key, activities.sportType);
      return rows.map((row) => ({
        ...row,
        activities: Number(row.activities),
        movingTimeS: Number(row.movingTimeS),
        distanceM: Number(row.distanceM),
        distanceKnown: Number(row.distanceKnown),
        elevationGainM: Number(row.elevationGainM),
        elevationGainKnown: Number(row.elevationGainKnown),
        trainingLoad: Number(row.trainingLoad),
        trainingLoadKnown: Number(row.trainingLoadKnown),
      }));
    },
  };
}

export type CalendarRepo = ReturnType<typeof createCalendarRepo>;
