import { computeCriticalPower, estimateFtpFromBest20MinW } from '../../../metrics/critical-power.ts';
import { POWER_CURVE_GRID_S } from '../../../metrics/power-curve-grid.ts';
import { wattsPerKg } from '../../../metrics/power-to-weight.ts';
import type { SeasonAnswer, SeasonEvidence, SeasonMonth, SeasonQuery } from '../../../shared/api/season.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { createAccountCache } from '../../db/account-cache.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import type { MonthCurveEntry, SeasonRange, SeasonRepo } from './repo.ts';
import { FITNESS_WRITTEN } from '../scoring/index.ts';

/** The durations critical power is fitted over (metrics/critical-power.ts), for the evidence of a month's fit. */
const CP_FIT_S = { min: 3 * 60, max: 20 * 60 } as const;
const TWENTY_MIN_ENTRY = POWER_CURVE_GRID_S.indexOf(20 * 60);
/**
 * For changes written outside the servers: the season hears of every write the servers make for
 * the account (its own topic, the activities' and ADR 0090's account-wrote), as the calendar's
 * days do, and each reload aggregates every ride's curve of the range (ADR 0097).
 */
const SEASON_TTL_MS = 60_000;
const SEASON_MAX_ACCOUNTS = 10_000;
/** The topic a change of the stored curves, peaks or weights is announced on (scoring announces a rewritten fitness series on it). */
export const SEASON_TOPIC = FITNESS_WRITTEN;

const evidenceOf = (row: SeasonEvidence): SeasonEvidence => ({ activityId: row.activityId, name: row.name, date: row.date });

/** The better of two entries: higher watts, the newer day on a tie (the order the database picked each month's by). */
const better = (a: MonthCurveEntry, b: MonthCurveEntry) => (b.watts > a.watts || (b.watts === a.watts && b.date > a.date) ? b : a);

/** The weight on a day: the newest check-in weight on or before it, else the profile's. */
export function weightOn(weights: { days: readonly { date: string; weightKg: number }[]; profileKg: number | null }, date: string): number | null {
  let found: number | null = null;
  for (const day of weights.days) {
    if (day.date > date) break;
    found = day.weightKg;
  }
  return found ?? weights.profileKg;
}

/** A curve from the best entry per grid index (1-based); grid durations past the first gap are left out. */
function curveOf(entries: Map<number, MonthCurveEntry>) {
  const ordered: MonthCurveEntry[] = [];
  for (let entry = 1; entries.has(entry); entry++) ordered.push(entries.get(entry)!);
  return { ordered, durationsS: POWER_CURVE_GRID_S.slice(0, ordered.length), watts: ordered.map((row) => row.watts) };
}

export function createSeasonService(deps: {
  repo: SeasonRepo;
  invalidation: InvalidationChannel;
  /** Stores the grid curves of the account's activities since `from` whose metrics predate them (scoring). */
  storeMissingPowerCurves: (accountId: string, from: Date) => Promise<void>;
  /**
   * Other topics whose changes drop the account's kept season: the activities written (counts,
   * fastest efforts, peak heart rates) and every write on the account's behalf (a weight in the
   * settings, a check-in), so that its lifetime only bounds writes made outside the servers.
   */
  alsoOn: readonly string[];
}) {
  const { repo, storeMissingPowerCurves } = deps;
  /** The last range asked for per account, kept until the account's curves or weights change on any instance. */
  const kept = createAccountCache<string, SeasonAnswer>({
    invalidation: deps.invalidation,
    topic: SEASON_TOPIC,
    alsoOn: deps.alsoOn,
    ttlMs: SEASON_TTL_MS,
    maxAccounts: SEASON_MAX_ACCOUNTS,
  });

  async function read(accountId: string, range: SeasonRange): Promise<SeasonAnswer> {
    // A day before `from` in UTC reaches its midnight in any zone.
    await storeMissingPowerCurves(accountId, range.from === null ? new Date(0) : new Date(Date.parse(range.from) - DAY_MS));
    const [months, counts, efforts, peaks, weights] = await Promise.all([
      repo.monthCurves(accountId, range),
      repo.counts(accountId, range),
      repo.fastestEfforts(accountId, range),
      repo.monthPeakHeartRates(accountId, range),
      repo.weights(accountId),
    ]);
    const perKg = (watts: number, date: string) => wattsPerKg(watts, weightOn(weights, date));

    const byMonth = new Map<string, Map<number, MonthCurveEntry>>();
    const best = new Map<number, MonthCurveEntry>();
    for (const row of months) {
      const month = byMonth.get(row.month) ?? new Map<number, MonthCurveEntry>();
      month.set(row.entry, row);
      byMonth.set(row.month, month);
      const held = best.get(row.entry);
      best.set(row.entry, held ? better(held, row) : row);
    }
    const curve = curveOf(best);
    const fit = computeCriticalPower(curve);

    const peakOf = new Map(peaks.map((peak) => [peak.month, peak]));
    const monthKeys = [...new Set([...byMonth.keys(), ...peakOf.keys()])].sort();
    const timeline: SeasonMonth[] = monthKeys.map((month) => {
      const monthCurve = curveOf(byMonth.get(month) ?? new Map());
      const twenty = monthCurve.ordered[TWENTY_MIN_ENTRY];
      const ftpW = twenty && Math.round(estimateFtpFromBest20MinW(twenty.watts));
      const monthFit = computeCriticalPower(monthCurve);
      const peak = peakOf.get(month);
      return {
        month,
        ftp: twenty && ftpW ? { ...evidenceOf(twenty), watts: ftpW, wattsPerKg: perKg(ftpW, twenty.date) } : null,
        criticalPower: monthFit ? criticalPowerPoint(monthCurve.ordered, Math.round(monthFit.criticalPowerW), perKg) : null,
        maxHeartRate: peak ? { ...evidenceOf(peak), bpm: Math.round(peak.bpm) } : null,
      };
    });

    return {
      range: { from: range.from, to: range.to, tz: range.tz },
      power: {
        activityCount: counts.power,
        durationsS: curve.durationsS,
        watts: curve.watts,
        wattsPerKg: curve.ordered.map((row) => perKg(row.watts, row.date)),
        evidence: curve.ordered.map(evidenceOf),
        criticalPower: fit && { criticalPowerW: Math.round(fit.criticalPowerW), wPrimeJ: Math.round(fit.wPrimeJ) },
      },
      pace: {
        activityCount: counts.runs,
        efforts: efforts.map((effort) => ({
          ...evidenceOf(effort),
          distanceM: effort.distanceM,
          elapsedS: effort.elapsedS,
          paceSPerKm: Math.round((effort.elapsedS / effort.distanceM) * 1000 * 10) / 10,
        })),
      },
      timeline,
    };
  }

  return {
    /** GET /api/season: the range's curves and timeline, kept per account until its data changes. */
    season(accountId: string, query: SeasonQuery): Promise<SeasonAnswer> {
      const range: SeasonRange = { from: query.from ?? null, to: query.to ?? null, tz: query.tz ?? 'UTC' };
      return kept.read(accountId, `${range.from}/${range.to}/${range.tz}`, () => read(accountId, range));
    },
    /** Tells every instance the account's season changed (a weight written: W/kg reads it). */
    changed: (accountId: string) => kept.changed(accountId),
  };
}

/** Critical power with its evidence: the activity that set most of the durations it was fitted to (the longest of them on a tie). */
function criticalPowerPoint(ordered: readonly MonthCurveEntry[], watts: number, perKg: (watts: number, date: string) => number | null) {
  const held = new Map<string, { row: MonthCurveEntry; count: number }>();
  ordered.forEach((row, k) => {
    const durationS = POWER_CURVE_GRID_S[k]!;
    if (durationS < CP_FIT_S.min || durationS > CP_FIT_S.max) return;
    const seen = held.get(row.activityId);
    held.set(row.activityId, { row, count: (seen?.count ?? 0) + 1 });
  });
  let chosen: { row: MonthCurveEntry; count: number } | undefined;
  for (const candidate of held.values()) if (!chosen || candidate.count >= chosen.count) chosen = candidate;
  const row = chosen!.row;
  return { ...evidenceOf(row), watts, wattsPerKg: perKg(watts, row.date) };
}

export type SeasonService = ReturnType<typeof createSeasonService>;
