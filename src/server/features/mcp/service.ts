import { computeCriticalPower } from '../../../metrics/critical-power.ts';
import { computeFitnessSeries, FORM_CONVENTION, type FitnessDay } from '../../../metrics/fitness.ts';
import { POWER_CURVE_GRID_S } from '../../../metrics/power-curve-grid.ts';
import type { ActivityDetail, ActivityMetricsView } from '../../../shared/api/activities.ts';
import type { ActivityIntervals } from '../../../shared/api/activity-intervals.ts';
import type { DayPlanAnswer } from '../../../shared/api/day-plan.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import { addCalendarDays, DAY_MS } from '../../../shared/time.ts';
import type { FactOrigin } from '../../ai/provenance.ts';
import { AppError } from '../../http/errors.ts';
import type { AskEngine } from '../ask-kai/index.ts';
import type { FitnessWithSources, TrainingLogEntry } from '../scoring/index.ts';
import type { Readiness } from '../wellness/index.ts';
import {
  hasOwnThresholds,
  isOwnActivity,
  mayLeaveThroughMcp,
  STRAVA_FENCE_REASON,
  stravaActivitiesLeftOut,
  stravaThresholdScoresLeftOut,
} from './fence.ts';
import type { ActivityFilter, ListedActivity, McpRepo } from './repo.ts';
import type {
  ActivePlanOutput,
  AskKaiOutput,
  BestPowerCurveOutput,
  FitnessSeriesOutput,
  GetActivityOutput,
  ListActivitiesOutput,
  ReadinessOutput,
  sportFamilies,
} from './schemas.ts';

/** What the MCP tools read, each through the feature that owns it. */
export interface McpReadDeps {
  repo: McpRepo;
  activities: { detail(accountId: string, id: string): Promise<ActivityDetail> };
  scoring: {
    intervals(accountId: string, activityId: string): Promise<ActivityIntervals>;
    fitness(accountId: string, days: number, today?: Date): Promise<FitnessDay[]>;
    fitnessWithSources(accountId: string, days: number, today?: Date): Promise<FitnessWithSources>;
    trainingLog(accountId: string, from: Date, to: Date): Promise<TrainingLogEntry[]>;
    ofActivities(accountId: string, activityIds: readonly string[]): Promise<Map<string, { view: ActivityMetricsView; powerCurveW: number[] }>>;
  };
  dayPlan: { days(accountId: string, query: { days: number; today?: string; from?: string }): Promise<DayPlanAnswer> };
  wellness: { readinessOn(accountId: string, date: string): Promise<{ readiness: Readiness; provenance: FactOrigin[] }> };
  /** Kai's answerer; undefined leaves ask_kai out. */
  ask?: AskEngine | undefined;
  now?: () => Date;
}

/** Days a list reaches back when no `from` is given. */
const DEFAULT_LIST_DAYS = 90;
const STRAVA_ACTIVITY_NOT_SHARED = `This activity was synced from Strava, so it is not shared here. ${STRAVA_FENCE_REASON}`;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

function listed(row: ListedActivity, ownThresholds: boolean): ListActivitiesOutput['activities'][number] {
  return {
    id: row.id,
    name: row.name,
    sportType: row.sportType,
    sport: sportFamilyOf(row.sportType),
    source: row.source as 'file' | 'archive' | 'demo',
    startDate: row.startDate.toISOString(),
    distanceM: row.distanceM,
    movingTimeS: row.movingTimeS,
    elapsedTimeS: row.elapsedTimeS,
    elevationGainM: row.elevationGainM,
    averageHeartrateBpm: row.averageHeartrateBpm,
    averagePowerW: row.deviceWatts ? row.averagePowerW : null,
    trainer: row.trainer,
    trainingLoad: ownThresholds ? row.trainingLoad : null,
  };
}

/** An activity's metrics for /mcp: the threshold-based scores only when no threshold came from Strava. */
function sharedMetrics(view: ActivityMetricsView, ownThresholds: boolean): NonNullable<GetActivityOutput['metrics']> {
  const scored = <T>(value: T): T | null => (ownThresholds ? value : null);
  return {
    movingTimeS: view.movingTimeS,
    distanceM: view.distanceM,
    elevationGainM: view.elevationGainM,
    averagePowerW: view.averagePowerW,
    maxPowerW: view.maxPowerW,
    normalizedPowerW: view.normalizedPowerW,
    xPowerW: view.xPowerW,
    variabilityIndex: view.variabilityIndex,
    workKj: view.workKj,
    averageHeartrateBpm: view.averageHeartrateBpm,
    maxHeartrateBpm: view.maxHeartrateBpm,
    efficiencyFactor: view.efficiencyFactor,
    decouplingPct: view.decouplingPct,
    averagePaceSPerKm: view.averagePaceSPerKm,
    gradeAdjustedPaceSPerKm: view.gradeAdjustedPaceSPerKm,
    bestEfforts: view.bestEfforts,
    ftpW: scored(view.ftpW),
    thresholdPaceSPerKm: scored(view.thresholdPaceSPerKm),
    intensityFactor: scored(view.intensityFactor),
    tss: scored(view.tss),
    hrTss: scored(view.hrTss),
    rTss: scored(view.rTss),
    trimp: scored(view.trimp),
    trainingLoad: scored(view.trainingLoad),
    trainingLoadMethod: scored(view.trainingLoadMethod),
    powerZoneSeconds: scored(view.powerZoneSeconds),
    hrZoneSeconds: scored(view.hrZoneSeconds),
    hrZoneUpperBoundsBpm: scored(view.hrZoneUpperBoundsBpm ?? null),
  };
}

/** The fitness series of the own activities only: the stored series' rule (loads summed per UTC day) over fewer loads. */
function ownFitnessSeries(log: readonly TrainingLogEntry[], days: number, today: Date): FitnessDay[] {
  const loads = log
    .filter((entry) => isOwnActivity(entry.source) && hasOwnThresholds(entry.thresholdSources) && entry.trainingLoad !== null)
    .map((entry) => ({ date: utcDay(entry.startDate), load: entry.trainingLoad! }));
  const toDate = utcDay(today);
  return computeFitnessSeries(loads, addCalendarDays(toDate, -(days - 1)), toDate);
}

/** Readiness for /mcp: the athlete's own readings always; the form input, and the state that weighs it, only when form is. */
function sharedReadiness(readiness: Readiness, provenance: readonly FactOrigin[]): ReadinessOutput {
  const ownForm = mayLeaveThroughMcp(provenance);
  const inputs = readiness.inputs.filter((input) => ownForm || input.key !== 'form');
  return {
    date: readiness.date,
    state: ownForm ? readiness.state : null,
    inputs: inputs.map((input) => ({ key: input.key, label: input.label, signal: input.signal, value: input.valueText, baseline: input.baselineText, reason: input.reason })),
    missing: readiness.missing.map(({ key, label, reason }) => ({ key, label, reason })),
    leftOut: ownForm
      ? []
      : [`Your form (fitness − fatigue), and the overall state that weighs it, are left out: they are computed from activities synced from Strava. ${STRAVA_FENCE_REASON}`],
  };
}

/**
 * The reads behind the MCP tools (ADR 0077), each scoped to the token's account and fenced: what
 * is Strava's or computed from Strava's stays in, and the answer's `leftOut` says so.
 */
export function createMcpService(deps: McpReadDeps) {
  const { repo, activities, scoring, dayPlan, wellness, ask } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    hasAsk: ask !== undefined,

    async listActivities(
      accountId: string,
      input: { from?: string | undefined; to?: string | undefined; sport?: (typeof sportFamilies)[number] | undefined; limit: number; offset: number },
    ): Promise<ListActivitiesOutput> {
      const to = input.to ?? utcDay(now());
      const from = input.from ?? addCalendarDays(to, -(DEFAULT_LIST_DAYS - 1));
      if (from > to) throw new AppError('bad_request', '`from` must not be after `to`');
      const filter: ActivityFilter = { from: dayStart(from), to: dayStart(addCalendarDays(to, 1)), sport: input.sport };
      const page = await repo.ownActivities(accountId, filter, { offset: input.offset, limit: input.limit });
      const stravaScored = page.activities.filter((row) => !hasOwnThresholds(row.thresholdSources)).length;
      const end = input.offset + page.activities.length;
      return {
        from,
        to,
        activities: page.activities.map((row) => listed(row, hasOwnThresholds(row.thresholdSources))),
        total: page.ownTotal,
        nextOffset: end < page.ownTotal ? end : null,
        leftOut: [
          ...(page.stravaLeftOut > 0 ? [stravaActivitiesLeftOut(page.stravaLeftOut, ` (${from} to ${to})`)] : []),
          ...(stravaScored > 0 ? [stravaThresholdScoresLeftOut(stravaScored)] : []),
        ],
      };
    },

    async getActivity(accountId: string, activityId: string): Promise<GetActivityOutput> {
      const detail = await activities.detail(accountId, activityId);
      if (!isOwnActivity(detail.source)) throw new AppError('forbidden', STRAVA_ACTIVITY_NOT_SHARED);
      const intervals = await scoring.intervals(accountId, activityId);
      const ownThresholds = hasOwnThresholds(detail.metrics?.thresholdSources);
      const segment = <S extends { ftpPct: number | null }>(entry: S): S => (ownThresholds ? entry : { ...entry, ftpPct: null });
      return {
        activity: {
          id: detail.id,
          name: detail.name,
          sportType: detail.sportType,
          sport: sportFamilyOf(detail.sportType),
          source: detail.source as 'file' | 'archive' | 'demo',
          startDate: detail.startDate,
          distanceM: detail.distance,
          movingTimeS: detail.movingTime,
          elapsedTimeS: detail.elapsedTime,
          elevationGainM: detail.totalElevationGain,
          averageHeartrateBpm: detail.averageHeartrate,
          averagePowerW: detail.deviceWatts ? detail.averageWatts : null,
          trainer: detail.trainer,
          trainingLoad: ownThresholds ? (detail.metrics?.trainingLoad ?? null) : null,
          description: detail.description,
          deviceName: detail.deviceName,
          timezone: detail.timezone,
        },
        metrics: detail.metrics && sharedMetrics(detail.metrics, ownThresholds),
        laps: intervals.laps.map(segment),
        intervals: intervals.intervals && { ...intervals.intervals, items: intervals.intervals.items.map(segment) },
        leftOut: ownThresholds ? [] : [stravaThresholdScoresLeftOut(1)],
      };
    },

    /**
     * The stored series (the app's own figures) when no Strava-derived load is in it; otherwise the
     * same series computed again from the own activities' loads alone.
     */
    async fitnessSeries(accountId: string, days: number): Promise<FitnessSeriesOutput> {
      const today = now();
      const { series, sources } = await scoring.fitnessWithSources(accountId, days, today);
      if (mayLeaveThroughMcp(sources)) return { days: series, computedFrom: 'every-activity', convention: FORM_CONVENTION, leftOut: [] };
      const end = new Date(dayStart(utcDay(today)).getTime() + DAY_MS);
      const log = await scoring.trainingLog(accountId, new Date(0), end);
      const leftOutCount = log.filter((entry) => !isOwnActivity(entry.source) || !hasOwnThresholds(entry.thresholdSources)).length;
      return {
        days: ownFitnessSeries(log, days, today),
        computedFrom: 'own-activities',
        convention: FORM_CONVENTION,
        leftOut: [
          `The loads of ${leftOutCount} ${leftOutCount === 1 ? 'activity' : 'activities'} synced from Strava, or scored against thresholds read from Strava, are left out: ` +
            `this series is computed from your own activities only, so it differs from the one Kairo shows. ${STRAVA_FENCE_REASON}`,
        ],
      };
    },

    /** The best curve of the own activities with measured power that started in the last `days` days. */
    async bestPowerCurve(accountId: string, days: number): Promise<BestPowerCurveOutput> {
      const at = now();
      const from = new Date(at.getTime() - days * DAY_MS);
      const log = await scoring.trainingLog(accountId, from, new Date(at.getTime() + 1));
      const own = log.filter((entry) => isOwnActivity(entry.source));
      const curves = [...(await scoring.ofActivities(accountId, own.map((entry) => entry.activityId))).values()]
        .map((entry) => entry.powerCurveW)
        .filter((curve) => curve.length > 0);
      const watts: number[] = [];
      for (const curve of curves) curve.forEach((value, index) => (watts[index] = Math.max(watts[index] ?? 0, value)));
      const durationsS = POWER_CURVE_GRID_S.slice(0, watts.length);
      const fit = computeCriticalPower({ durationsS, watts });
      const stravaCount = log.length - own.length;
      return {
        days,
        activityCount: curves.length,
        points: durationsS.map((durationS, index) => ({ durationS, watts: watts[index]! })),
        criticalPower: fit && { criticalPowerW: Math.round(fit.criticalPowerW), wPrimeJ: Math.round(fit.wPrimeJ) },
        leftOut: stravaCount > 0 ? [stravaActivitiesLeftOut(stravaCount, ` (the last ${days} days)`)] : [],
      };
    },

    /**
     * The active plans' days from today. A plan is generated from the training history (volume,
     * fitness, FTP) and adjusted after each scored activity, and which activities those were is
     * not recorded: while the account holds activities synced from Strava, the plan, Kai's
     * suggestions and the proposals may be computed from them and stay in.
     */
    async activePlan(accountId: string, days: number): Promise<ActivePlanOutput> {
      const stravaCount = await repo.stravaActivityCount(accountId);
      if (stravaCount > 0) {
        return {
          today: utcDay(now()),
          plans: [],
          days: [],
          leftOut: [
            `Your plan and its sessions are not shared here: they are generated and adjusted from your training history, which holds ` +
              `${stravaCount} ${stravaCount === 1 ? 'activity' : 'activities'} synced from Strava. ${STRAVA_FENCE_REASON}`,
          ],
        };
      }
      const answer = await dayPlan.days(accountId, { days });
      const plans = new Map<string, string>();
      for (const day of answer.days) if (day.plan) plans.set(day.plan.id, day.plan.name);
      return {
        today: answer.today,
        plans: [...plans].map(([id, name]) => ({ id, name })),
        days: answer.days.map((day) => ({
          date: day.date,
          source: day.source,
          planId: day.plan?.id ?? null,
          session: day.session,
          changedBy: day.change?.kind ?? null,
          raceDay: day.raceDay,
          why: day.why,
        })),
        leftOut: [],
      };
    },

    async readiness(accountId: string, date: string | undefined): Promise<ReadinessOutput> {
      const { readiness, provenance } = await wellness.readinessOn(accountId, date ?? utcDay(now()));
      return sharedReadiness(readiness, provenance);
    },

    /**
     * Kai's checked answer, built from the same fact bundle as in the app. An answer is one piece:
     * its text cites its facts, so when any fact (or an activity it names) is Strava's, the whole
     * answer stays in rather than going out with holes.
     */
    async askKai(accountId: string, question: string): Promise<AskKaiOutput> {
      if (!ask) throw new AppError('not_found', 'Ask Kai is not available on this server');
      const outcome = await ask.answer({ accountId, text: question, today: utcDay(now()), subject: null });
      const named = outcome.sources.flatMap((source) => (source.activityId ? [source.activityId] : []));
      const sources = await repo.sourcesOf(accountId, named);
      const stravaFacts = outcome.facts.filter((fact) => !mayLeaveThroughMcp(fact.provenance)).length;
      const stravaNamed = named.filter((id) => sources.get(id) === 'strava').length;
      if (stravaFacts > 0 || stravaNamed > 0) {
        return {
          answer: null,
          facts: [],
          sources: [],
          coach: null,
          suggestions: [],
          leftOut: [
            `Kai's answer is not shared here: it draws on ${stravaFacts + stravaNamed} ${stravaFacts + stravaNamed === 1 ? 'figure' : 'figures'} ` +
              `read or computed from activities synced from Strava. ${STRAVA_FENCE_REASON}`,
          ],
        };
      }
      return { answer: outcome.text, facts: outcome.facts, sources: outcome.sources, coach: outcome.coach, suggestions: outcome.suggestions ?? [], leftOut: [] };
    },
  };
}

export type McpService = ReturnType<typeof createMcpService>;
