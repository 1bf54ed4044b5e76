import { inArray, sql, type SQL } from 'drizzle-orm';
import { HEART_RATE_RANGE_BPM } from '../../../metrics/sample-cleaning.ts';
import { sportTypesOf } from '../../../shared/domain/sport-family.ts';
import type { Database } from '../../db/client.ts';
import { activities, activityMetrics, userSettings, wellnessDays } from '../../db/schema.ts';

/** A range of days in a time zone; null days: all time. */
export interface SeasonRange {
  from: string | null;
  to: string | null;
  tz: string;
}

/** The activity a figure was read from, its start day in the range's zone. */
interface EvidenceRow {
  activityId: string;
  name: string;
  date: string;
}

export interface MonthCurveEntry extends EvidenceRow {
  month: string;
  /** 1-based index into POWER_CURVE_GRID_S. */
  entry: number;
  watts: number;
}

export interface FastestEffort extends EvidenceRow {
  distanceM: number;
  elapsedS: number;
}

export interface MonthPeakHeartRate extends EvidenceRow {
  month: string;
  bpm: number;
}

type Rows<T> = { rows: T[] };

/**
 * The season's reads (ADR 0083), each over the account's counted activities of a range and their
 * stored metrics: the stored grid curves, the stored best efforts and peaks, never a stream. The
 * days are read in the range's zone by the database.
 */
export function createSeasonRepo(db: Database) {
  /** The counted activities of the account (joined to their metrics) that started within the range. */
  const scopedTo = (accountId: string, range: SeasonRange): SQL => {
    const own = sql`${activityMetrics.userId} = ${accountId} and ${activities.userId} = ${accountId} and ${activities.duplicateOf} is null`;
    if (range.from === null || range.to === null) return own;
    return sql`${own}
      and ${activities.startDate} >= (${range.from}::date::timestamp at time zone ${range.tz})
      and ${activities.startDate} < ((${range.to}::date + 1)::timestamp at time zone ${range.tz})`;
  };
  const localDay = (tz: string) => sql`to_char(${activities.startDate} at time zone ${tz}, 'YYYY-MM-DD')`;
  const localMonth = (tz: string) => sql`to_char(${activities.startDate} at time zone ${tz}, 'YYYY-MM')`;
  /** Of equal figures the newest activity counts, then the same order in every database (ADR 0065). */
  const newestFirst = sql`${activities.startDate} desc, ${activities.sourceKey}, ${activities.id}`;
  const runTypes = sportTypesOf('run');

  return {
    /**
     * Per month of the range and grid entry, the best stored power and the activity that held it:
     * the range's curve is the best of its months'. The stored curves are read whole, newest first,
     * and folded here: unnesting every ride's curve into rows and sorting them in the database took
     * 4× as long (68–78 ms against 16–19 ms for an athlete with 666 rides of 41 entries). Each curve
     * comes as JSON, which the driver reads with JSON.parse: parsing PostgreSQL's array text was
     * most of this read's time (22–29 → 9 ms for those 666 rides with the fold, the database's own part 3 ms).
     */
    async monthCurves(accountId: string, range: SeasonRange): Promise<MonthCurveEntry[]> {
      const result = (await db.execute(sql`
        select ${localMonth(range.tz)} as month, to_json(${activityMetrics.powerCurveW}) as "powerCurveW",
               ${activities.id}::text as "activityId", ${activities.name} as name, ${localDay(range.tz)} as date
          from ${activityMetrics}
          join ${activities} on ${activities.id} = ${activityMetrics.activityId}
         where ${scopedTo(accountId, range)} and cardinality(${activityMetrics.powerCurveW}) > 0
         order by ${newestFirst}`)) as unknown as Rows<EvidenceRow & { month: string; powerCurveW: unknown[] }>;
      // Per month (in the order first seen), the best watts of each entry and the row that held them.
      const months = new Map<string, { watts: number[]; rows: (EvidenceRow & { month: string })[] }>();
      for (const { powerCurveW, ...ride } of result.rows) {
        let month = months.get(ride.month);
        if (!month) months.set(ride.month, (month = { watts: [], rows: [] }));
        for (let index = 0; index < powerCurveW.length; index++) {
          const watts = powerCurveW[index];
          // Rows come newest first: of equal watts the first one read holds the entry. A value that is
          // not a number (JSON writes NaN as a string; nothing stores one) holds nothing.
          if (typeof watts !== 'number' || !Number.isFinite(watts) || watts <= (month.watts[index] ?? -Infinity)) continue;
          month.watts[index] = watts;
          month.rows[index] = ride;
        }
      }
      const best: MonthCurveEntry[] = [];
      for (const [, month] of [...months].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        month.rows.forEach((ride, index) => best.push({ ...ride, entry: index + 1, watts: month.watts[index]! }));
      }
      return best;
    },

    /** How many activities of the range have a power curve, and how many runs have best efforts. */
    async counts(accountId: string, range: SeasonRange): Promise<{ power: number; runs: number }> {
      const result = (await db.execute(sql`
        select count(*) filter (where cardinality(${activityMetrics.powerCurveW}) > 0)::int as power,
               count(*) filter (where ${inArray(activities.sportType, runTypes)}
                                  and jsonb_typeof(${activityMetrics.metrics}->'bestEfforts') = 'array'
                                  and jsonb_array_length(${activityMetrics.metrics}->'bestEfforts') > 0)::int as runs
          from ${activityMetrics}
          join ${activities} on ${activities.id} = ${activityMetrics.activityId}
         where ${scopedTo(accountId, range)}`)) as unknown as Rows<{ power: number; runs: number }>;
      return result.rows[0] ?? { power: 0, runs: 0 };
    },

    /** The fastest stored best effort of the range's runs at each distance, shortest first. */
    async fastestEfforts(accountId: string, range: SeasonRange): Promise<FastestEffort[]> {
      const result = (await db.execute(sql`
        select distinct on (effort.distance)
               effort.distance as "distanceM", effort.elapsed as "elapsedS",
               ${activities.id}::text as "activityId", ${activities.name} as name, ${localDay(range.tz)} as date
          from ${activityMetrics}
          join ${activities} on ${activities.id} = ${activityMetrics.activityId}
          cross join lateral (
            select (item->>'distanceM')::float8 as distance, (item->>'elapsedS')::float8 as elapsed
              from jsonb_array_elements(case when jsonb_typeof(${activityMetrics.metrics}->'bestEfforts') = 'array'
                                             then ${activityMetrics.metrics}->'bestEfforts' else '[]'::jsonb end) as item
          ) as effort
         where ${scopedTo(accountId, range)} and ${inArray(activities.sportType, runTypes)}
           and effort.distance > 0 and effort.elapsed > 0
         order by effort.distance, effort.elapsed, ${newestFirst}`)) as unknown as Rows<FastestEffort>;
      return result.rows;
    },

    /** Per month of the range, the highest heart rate the sample cleaning would keep, and its activity. */
    async monthPeakHeartRates(accountId: string, range: SeasonRange): Promise<MonthPeakHeartRate[]> {
      const result = (await db.execute(sql`
        select distinct on (month)
               ${localMonth(range.tz)} as month, ${activityMetrics.maxHeartrateBpm}::float8 as bpm,
               ${activities.id}::text as "activityId", ${activities.name} as name, ${localDay(range.tz)} as date
          from ${activityMetrics}
          join ${activities} on ${activities.id} = ${activityMetrics.activityId}
         where ${scopedTo(accountId, range)}
           and ${activityMetrics.maxHeartrateBpm} between ${HEART_RATE_RANGE_BPM[0]} and ${HEART_RATE_RANGE_BPM[1]}
         order by month, ${activityMetrics.maxHeartrateBpm} desc, ${newestFirst}`)) as unknown as Rows<MonthPeakHeartRate>;
      return result.rows;
    },

    /** The account's check-in weights, oldest first, and the profile's weight. */
    async weights(accountId: string): Promise<{ days: { date: string; weightKg: number }[]; profileKg: number | null }> {
      const [days, profile] = await Promise.all([
        db.execute(sql`
          select ${wellnessDays.date}::text as date, ${wellnessDays.weightKg}::float8 as "weightKg"
            from ${wellnessDays}
           where ${wellnessDays.userId} = ${accountId} and ${wellnessDays.weightKg} is not null
           order by ${wellnessDays.date}`) as unknown as Promise<Rows<{ date: string; weightKg: number }>>,
        db.execute(sql`
          select ${userSettings.athleteWeight}::float8 as "weightKg"
            from ${userSettings} where ${userSettings.accountId} = ${accountId}`) as unknown as Promise<Rows<{ weightKg: number | null }>>,
      ]);
      return { days: days.rows, profileKg: profile.rows[0]?.weightKg ?? null };
    },
  };
}

export type SeasonRepo = ReturnType<typeof createSeasonRepo>;
