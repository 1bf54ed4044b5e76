import {
  EARLIEST_WELLNESS_DAY,
  WELLNESS_RANGE_MAX_DAYS,
  isCalendarDay,
  latestCalendarDay,
  wellnessFieldNames,
  type ActivityFeel,
  type ReadinessAnswer,
  type ReadinessView,
  type WellnessDay,
  type WellnessDayAnswer,
  type WellnessImportAnswer,
} from '../../../shared/api/wellness.ts';
import type { WellnessTrendSpan, WellnessTrendsAnswer } from '../../../shared/api/wellness-trends.ts';
import type { z } from 'zod';
import type { activityFeelBody, wellnessDayBody } from '../../../shared/api/wellness.ts';
import { AppError } from '../../http/errors.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { FactOrigin } from '../../ai/provenance.ts';
import { parseWellnessCsv } from './csv-import.ts';
import { lowDays, LOW_DAYS_RUNNING, type LowDays } from './low-days.ts';
import { computeReadiness, indexWellness, readinessWindowStart, type Readiness } from './readiness.ts';
import type { WellnessRepo, WellnessValues } from './repo.ts';
import { wellnessTrends } from './trends.ts';
import { addCalendarDays, DAY_MS } from '../../../shared/time.ts';

export type { Readiness, ReadinessInput, MissingInput } from './readiness.ts';

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Readiness with where its figures came from: the form input reads the fitness series, whose loads have sources (ADR 0007). */
export interface ReadinessWithSources {
  readiness: Readiness;
  /** 'athlete' for what they recorded, plus the activity sources of the fitness series' loads. */
  provenance: FactOrigin[];
}

export function toReadinessView(readiness: Readiness): ReadinessView {
  return {
    date: readiness.date,
    state: readiness.state,
    inputs: readiness.inputs.map((input) => ({
      key: input.key,
      label: input.label,
      signal: input.signal,
      value: input.valueText,
      baseline: input.baselineText,
      figures: input.figures,
      reason: input.reason,
    })),
    missing: readiness.missing,
    reasons: readiness.reasons,
  };
}

/** How the athlete feels: check-ins, their import, the feel of an activity, and readiness. Every call is scoped to the account. */
export function createWellnessService(deps: {
  repo: WellnessRepo;
  activities: Pick<ActivitiesService, 'find'>;
  scoring: Pick<ScoringService, 'fitnessWithSources'>;
  /** Called after a check-in or an import changed the account's days (the adjustments review listens here). */
  onChanged?: (accountId: string) => Promise<void>;
  /**
   * Called with the newest day's body weight when a check-in or an import wrote it: the athlete's
   * weight is stored once, where the settings and the profile read it (ADR 0071).
   */
  onWeightRecorded?: (accountId: string, weightKg: number) => Promise<void>;
  now?: () => Date;
}) {
  const { repo, activities, scoring } = deps;
  const now = deps.now ?? (() => new Date());

  /** A day from a path or query: a real day, not after today anywhere on Earth. */
  function checkedDay(date: string): string {
    if (!isCalendarDay(date)) throw new AppError('bad_request', 'Date must be a day written YYYY-MM-DD');
    if (date > latestCalendarDay(now())) throw new AppError('bad_request', 'Date is in the future');
    if (date < EARLIEST_WELLNESS_DAY) throw new AppError('bad_request', `Date must be ${EARLIEST_WELLNESS_DAY} or later`);
    return date;
  }

  async function existingActivity(accountId: string, activityId: string): Promise<void> {
    if (!(await activities.find(accountId, activityId))) throw new AppError('not_found', 'Activity not found');
  }

  /**
   * Readiness for each day `from`..`to` from one read of wellness and one of the fitness series.
   * A day before the athlete's first load has no form (the series is all zeros there), not a TSB of 0.
   */
  async function series(accountId: string, from: string, to: string): Promise<{ days: Readiness[]; provenance: FactOrigin[] }> {
    const span = daysBetween(from, to) + 1;
    const [wellness, fitness] = await Promise.all([
      repo.range(accountId, readinessWindowStart(from), to),
      scoring.fitnessWithSources(accountId, span, new Date(`${to}T12:00:00Z`)),
    ]);
    const index = indexWellness(wellness);
    const formByDate = new Map(fitness.series.map((day) => [day.date, day]));
    const days: Readiness[] = [];
    for (let offset = 0; offset < span; offset++) {
      const date = addCalendarDays(from, offset);
      const fitnessDay = formByDate.get(date);
      const trained = fitnessDay && (fitnessDay.ctl !== 0 || fitnessDay.atl !== 0 || fitnessDay.tsb !== 0);
      days.push(computeReadiness(date, index, trained ? fitnessDay : null));
    }
    return { days, provenance: [...new Set<FactOrigin>(['athlete', ...fitness.sources])].sort() };
  }

  const changed = async (accountId: string) => {
    await deps.onChanged?.(accountId);
  };

  /** Hands on the newest day's weight when one of `days` is that day: an older day's weight is history, not the athlete's weight now. */
  async function weightWritten(accountId: string, days: readonly string[]): Promise<void> {
    if (!deps.onWeightRecorded || days.length === 0) return;
    const latest = await repo.latestWeight(accountId);
    if (latest && days.includes(latest.date)) await deps.onWeightRecorded(accountId, latest.weightKg);
  }

  return {
    checkedDay,

    async day(accountId: string, date: string): Promise<WellnessDayAnswer> {
      return { day: await repo.day(accountId, checkedDay(date)) };
    },

    /** Replaces the day with the form's values; a day left with nothing at all is removed. */
    async putDay(accountId: string, date: string, body: z.output<typeof wellnessDayBody>): Promise<WellnessDayAnswer> {
      const day = checkedDay(date);
      const values = Object.fromEntries(
        wellnessFieldNames.map((field) => {
          const value = body[field] ?? null;
          return [field, typeof value === 'string' && value.trim() === '' ? null : value];
        }),
      ) as WellnessValues;
      if (Object.values(values).every((value) => value === null)) await repo.deleteDay(accountId, day);
      else await repo.putDay(accountId, day, values);
      if (values.weightKg !== null) await weightWritten(accountId, [day]);
      await changed(accountId);
      return { day: await repo.day(accountId, day) };
    },

    async range(accountId: string, from: string, to: string): Promise<{ days: WellnessDay[] }> {
      checkedDay(from);
      if (to < from) throw new AppError('bad_request', '"to" must not be before "from"');
      if (daysBetween(from, to) + 1 > WELLNESS_RANGE_MAX_DAYS) {
        throw new AppError('bad_request', `Ask for at most ${WELLNESS_RANGE_MAX_DAYS} days at a time`);
      }
      return { days: await repo.range(accountId, from, to) };
    },

    /**
     * The CSV import: good rows are written (an upsert, so importing a file again changes nothing), bad ones reported.
     * With `keepStoredDays` a day already stored is left as it is and only new days are written (a device's
     * history filling in around what the athlete entered).
     */
    async importCsv(accountId: string, body: Buffer, options: { keepStoredDays?: boolean } = {}): Promise<WellnessImportAnswer> {
      const parsed = await parseWellnessCsv(body, latestCalendarDay(now()));
      if (parsed.fields.length === 0) {
        throw new AppError('bad_request', 'The file has no column Kairo reads besides the date: see the documented columns');
      }
      const imported = await repo.importDays(accountId, parsed.fields, parsed.rows, { keepStoredDays: options.keepStoredDays ?? false });
      if (imported > 0) {
        await weightWritten(accountId, parsed.rows.flatMap((row) => (row.weightKg == null ? [] : [row.date])));
        await changed(accountId);
      }
      return { imported, unknownColumns: parsed.unknownColumns, errors: parsed.errors, errorCount: parsed.errorCount };
    },

    async feel(accountId: string, activityId: string): Promise<ActivityFeel> {
      await existingActivity(accountId, activityId);
      return (await repo.feel(accountId, activityId)) ?? { rpe: null, note: null };
    },

    async putFeel(accountId: string, activityId: string, body: z.output<typeof activityFeelBody>): Promise<ActivityFeel> {
      await existingActivity(accountId, activityId);
      const feel = { rpe: body.rpe, note: body.note?.trim() ? body.note : null };
      if (feel.rpe === null && feel.note === null) await repo.deleteFeel(accountId, activityId);
      else await repo.putFeel(accountId, activityId, feel);
      return feel;
    },

    /** Readiness on one day (today or any past day), with its inputs, baselines and reasons. */
    async readinessOn(accountId: string, date: string): Promise<ReadinessWithSources> {
      const day = checkedDay(date);
      const { days, provenance } = await series(accountId, day, day);
      return { readiness: days[0]!, provenance };
    },

    /**
     * Yesterday and today judged on their own readings against the baselines of the days before
     * them (ADR 0056): "readiness low two days running" of the plan adjustments.
     */
    async lowDays(accountId: string, today: string): Promise<LowDays> {
      const day = checkedDay(today);
      const from = readinessWindowStart(addCalendarDays(day, -(LOW_DAYS_RUNNING - 1)));
      return lowDays(indexWellness(await repo.range(accountId, from, day)), day);
    },

    /**
     * GET /api/wellness/trends: the `days` days up to `date` (the athlete's today), each reading on
     * the days that have it, with the normal range readiness judges each day by.
     */
    async trends(accountId: string, options: { date?: string | undefined; days: WellnessTrendSpan }): Promise<WellnessTrendsAnswer> {
      const to = checkedDay(options.date ?? now().toISOString().slice(0, 10));
      const from = addCalendarDays(to, -(options.days - 1));
      return wellnessTrends(await repo.range(accountId, readinessWindowStart(from), to), from, to);
    },

    /** GET /api/readiness: the day's readiness and the `days` days up to it for the sparkline. */
    async readiness(accountId: string, options: { date?: string | undefined; days: number }): Promise<ReadinessAnswer> {
      const date = checkedDay(options.date ?? now().toISOString().slice(0, 10));
      const { days } = await series(accountId, addCalendarDays(date, -(options.days - 1)), date);
      return {
        today: toReadinessView(days.at(-1)!),
        history: days.map((day) => ({
          date: day.date,
          state: day.state,
          hrvMs: day.hrv?.meanMs ?? null,
          hrvLowMs: day.hrv?.lowMs ?? null,
          hrvHighMs: day.hrv?.highMs ?? null,
        })),
      };
    },
  };
}

export type WellnessService = ReturnType<typeof createWellnessService>;
