import { and, count, desc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { SportFamily } from '../../../metrics/training-load.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import type { Database } from '../../db/client.ts';
import { activities, activityMetrics, type ActivitySource } from '../../db/schema.ts';
import { isOwnActivity } from './fence.ts';

export interface ActivityFilter {
  /** Activities that started at or after this instant. */
  from: Date;
  /** … and before this one. */
  to: Date;
  sport: SportFamily | undefined;
}

/** One activity of a page, with its stored load and the sources its thresholds came from (null until scored). */
export interface ListedActivity {
  id: string;
  source: ActivitySource;
  name: string;
  sportType: string;
  startDate: Date;
  distanceM: number;
  movingTimeS: number;
  elapsedTimeS: number;
  elevationGainM: number | null;
  averageHeartrateBpm: number | null;
  averagePowerW: number | null;
  deviceWatts: boolean;
  trainer: boolean;
  trainingLoad: number | null;
  thresholdSources: ActivitySource[] | null;
}

/**
 * The queries of the MCP tools that no other feature answers in this shape: the account's
 * activities in a date range and sport with Strava's copies counted apart (they are left out, and
 * the answer says how many), and the sources of activities an answer names.
 */
export function createMcpRepo(db: Database) {
  /** The account's activities in the window, newest first, duplicates left out (as in the app's list). */
  async function inWindow(accountId: string, filter: ActivityFilter) {
    const rows = await db
      .select({ id: activities.id, source: activities.source, sportType: activities.sportType })
      .from(activities)
      .where(
        and(
          eq(activities.userId, accountId),
          isNull(activities.duplicateOf),
          gte(activities.startDate, filter.from),
          lt(activities.startDate, filter.to),
        ),
      )
      .orderBy(desc(activities.startDate), desc(activities.id));
    return filter.sport === undefined ? rows : rows.filter((row) => sportFamilyOf(row.sportType) === filter.sport);
  }

  return {
    /**
     * A page of the account's activities that are not Strava's (`offset`, `limit`), with how many
     * own ones match in all and how many Strava-synced ones the same filter left out.
     */
    async ownActivities(accountId: string, filter: ActivityFilter, page: { offset: number; limit: number }) {
      const matching = await inWindow(accountId, filter);
      const own = matching.filter((row) => isOwnActivity(row.source));
      const ids = own.slice(page.offset, page.offset + page.limit).map((row) => row.id);
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({
                id: activities.id,
                source: activities.source,
                name: activities.name,
                sportType: activities.sportType,
                startDate: activities.startDate,
                distanceM: activities.distance,
                movingTimeS: activities.movingTime,
                elapsedTimeS: activities.elapsedTime,
                elevationGainM: activities.totalElevationGain,
                averageHeartrateBpm: activities.averageHeartrate,
                averagePowerW: activities.averageWatts,
                deviceWatts: activities.deviceWatts,
                trainer: activities.trainer,
                trainingLoad: activityMetrics.trainingLoad,
                thresholdSources: activityMetrics.thresholdSources,
              })
              .from(activities)
              .leftJoin(activityMetrics, eq(activityMetrics.activityId, activities.id))
              .where(and(eq(activities.userId, accountId), inArray(activities.id, ids)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        activities: ids.map((id) => byId.get(id)!) as ListedActivity[],
        ownTotal: own.length,
        stravaLeftOut: matching.length - own.length,
      };
    },

    /** How many of the account's activities (duplicates left out) were synced from Strava. */
    async stravaActivityCount(accountId: string, window?: { from: Date; to: Date }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(activities)
        .where(
          and(
            eq(activities.userId, accountId),
            eq(activities.source, 'strava'),
            isNull(activities.duplicateOf),
            window ? gte(activities.startDate, window.from) : undefined,
            window ? lt(activities.startDate, window.to) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    /** The sources of the account's activities among `ids` (ids of other accounts are not found). */
    async sourcesOf(accountId: string, ids: readonly string[]): Promise<Map<string, ActivitySource>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: activities.id, source: activities.source })
        .from(activities)
        .where(and(eq(activities.userId, accountId), inArray(activities.id, [...ids])));
      return new Map(rows.map((row) => [row.id, row.source]));
    },
  };
}

export type McpRepo = ReturnType<typeof createMcpRepo>;
