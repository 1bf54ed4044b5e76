import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SportFamily } from '../../../metrics/training-load.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import { DAY_MS } from '../../../shared/time.ts';
import type { FactOrigin } from '../../ai/provenance.ts';
import type { Database } from '../../db/client.ts';
import { activities, activityMetrics, type ActivitySource } from '../../db/schema.ts';
import type { DayWindow } from './fact.ts';

/**
 * An activity as the facts layer reads it: the figures the activity list shows (moving time,
 * distance, elevation gain, load) and the stored metrics periods are summed and compared from.
 * Absent figures stay null, never 0.
 */
export interface FactActivity {
  id: string;
  name: string;
  sportType: string;
  family: SportFamily;
  source: ActivitySource;
  /** The sources of the activities its estimated thresholds were read from (ADR 0007): its scores derive from them. */
  thresholdSources: readonly ActivitySource[];
  startDate: Date;
  /** The UTC day it started, the day the fitness series counts it on. */
  day: string;
  movingTimeS: number;
  distanceM: number | null;
  elevationGainM: number | null;
  trainingLoad: number | null;
  /** Mean-maximal power on POWER_CURVE_GRID_S; null without measured power. */
  powerCurveW: number[] | null;
  hrZoneSeconds: number[] | null;
  powerZoneSeconds: number[] | null;
  decouplingPct: number | null;
  efficiencyFactor: number | null;
  normalizedPowerW: number | null;
  averagePowerW: number | null;
  averageHeartrateBpm: number | null;
}

/** Where an activity's figures come from; its scores also derive from the activities its thresholds were read from. */
export const figureOrigins = (activity: FactActivity): FactOrigin[] => [activity.source];
export const scoreOrigins = (activity: FactActivity): FactOrigin[] => [activity.source, ...activity.thresholdSources];

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const numbersOrNull = (value: unknown): number[] | null =>
  Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'number') ? (value as number[]) : null;
const positiveOrNull = (value: number | null): number | null => (value !== null && value > 0 ? value : null);

/**
 * An activity's distance where it recorded one, in SQL, the one rule for every reader: the facts
 * below and the calendar's sums (ADR 0080). An indoor ride stores 0, which is no distance recorded:
 * absent (null), not 0 km. Elevation gain and load are stored null when unknown and need no rule.
 */
export const knownDistanceM = sql<number | null>`(case when ${activities.distance} > 0 then ${activities.distance} end)`;

export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const dayAfter = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS);

/**
 * The account's counted activities (duplicates left out) that started within the window's days,
 * oldest first: one indexed range read, the metrics' few figures picked out of their JSON by the
 * database.
 */
export function activitiesIn(db: Database, accountId: string, window: DayWindow, options: { curves?: boolean } = {}): Promise<FactActivity[]> {
  return readActivities(db, accountId, and(gte(activities.startDate, dayStart(window.from)), lt(activities.startDate, dayAfter(window.to)))!, options);
}

/** What the account's activities in a window hold, in one aggregate read: enough to choose the questions to suggest. */
export async function activityTraits(db: Database, accountId: string, window: DayWindow): Promise<{ count: number; power: boolean; rides: boolean; runs: boolean; zones: boolean }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      power: sql<boolean>`coalesce(bool_or(cardinality(${activityMetrics.powerCurveW}) > 0), false)`,
      sports: sql<string[]>`coalesce(array_agg(distinct ${activities.sportType}), '{}')`,
      zones: sql<boolean>`coalesce(bool_or(${activityMetrics.metrics} ? 'hrZoneSeconds' and jsonb_typeof(${activityMetrics.metrics}->'hrZoneSeconds') = 'array'), false)`,
    })
    .from(activities)
    .leftJoin(activityMetrics, eq(activityMetrics.activityId, activities.id))
    .where(
      and(eq(activities.userId, accountId), isNull(activities.duplicateOf), gte(activities.startDate, dayStart(window.from)), lt(activities.startDate, dayAfter(window.to))),
    );
  const families = new Set((row?.sports ?? []).map(sportFamilyOf));
  return { count: row?.count ?? 0, power: row?.power ?? false, rides: families.has('ride'), runs: families.has('run'), zones: row?.zones ?? false };
}

/** One of the account's activities; null when it has none with that id (another account's included). */
export async function activityById(db: Database, accountId: string, activityId: string): Promise<FactActivity | null> {
  const [found] = await readActivities(db, accountId, eq(activities.id, activityId), { countDuplicates: true });
  return found ?? null;
}

/**
 * `curves`: read the stored power curves too (53 numbers an activity, the costliest column to
 * decode); without it `powerCurveW` is null, so only power answers ask for them.
 */
async function readActivities(db: Database, accountId: string, condition: SQL, options: { countDuplicates?: boolean; curves?: boolean } = {}): Promise<FactActivity[]> {
  const rows = await db
    .select({
      id: activities.id,
      name: activities.name,
      sportType: activities.sportType,
      source: activities.source,
      startDate: activities.startDate,
      movingTime: activities.movingTime,
      distance: knownDistanceM,
      elevation: activities.totalElevationGain,
      trainingLoad: activityMetrics.trainingLoad,
      thresholdSources: activityMetrics.thresholdSources,
      powerCurveW: options.curves === false ? sql<number[] | null>`null` : activityMetrics.powerCurveW,
      figures: sql<Record<string, unknown> | null>`jsonb_build_object(
        'hr', ${activityMetrics.metrics}->'hrZoneSeconds',
        'power', ${activityMetrics.metrics}->'powerZoneSeconds',
        'decoupling', ${activityMetrics.metrics}->'decouplingPct',
        'ef', ${activityMetrics.metrics}->'efficiencyFactor',
        'np', ${activityMetrics.metrics}->'normalizedPowerW',
        'ap', ${activityMetrics.metrics}->'averagePowerW',
        'avgHr', ${activityMetrics.metrics}->'averageHeartrateBpm')`,
    })
    .from(activities)
    .leftJoin(activityMetrics, eq(activityMetrics.activityId, activities.id))
    .where(
      and(eq(activities.userId, accountId), options.countDuplicates ? undefined : isNull(activities.duplicateOf), condition),
    )
    .orderBy(asc(activities.startDate), asc(activities.id));
  return rows.map((row) => {
    const figures = row.figures ?? {};
    const family = sportFamilyOf(row.sportType);
    return {
      id: row.id,
      name: row.name,
      sportType: row.sportType,
      family,
      source: row.source,
      thresholdSources: row.thresholdSources ?? [],
      startDate: row.startDate,
      day: row.startDate.toISOString().slice(0, 10),
      movingTimeS: row.movingTime,
      distanceM: row.distance === null ? null : Number(row.distance),
      elevationGainM: row.elevation,
      trainingLoad: row.trainingLoad,
      powerCurveW: numbersOrNull(row.powerCurveW),
      hrZoneSeconds: numbersOrNull(figures.hr),
      powerZoneSeconds: numbersOrNull(figures.power),
      decouplingPct: numberOrNull(figures.decoupling),
      efficiencyFactor: positiveOrNull(numberOrNull(figures.ef)),
      normalizedPowerW: positiveOrNull(numberOrNull(figures.np)),
      averagePowerW: positiveOrNull(numberOrNull(figures.ap)),
      averageHeartrateBpm: positiveOrNull(numberOrNull(figures.avgHr)),
    };
  });
}
