import type {
  ActivityDetail,
  ActivityListItem,
  ActivityMetricsView,
  DataQuality,
  FileQuality,
  SampleCleaning,
} from '../../../shared/api/activities.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import type { ActivityIntervals } from '../../../shared/api/activity-intervals.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { readActivityIntervals } from './intervals.ts';
import type { MetricsJobs } from './metrics-jobs.ts';
import { measuredStreams, sportFamilyOf, type MetricsService } from './metrics-service.ts';
import type { ActivitiesRepo, ActivityListRow, ActivityRow } from './repo.ts';

export type { ActivityRow, ActivityValues } from './repo.ts';
export type { MetricsComputed } from './metrics-jobs.ts';
export type { AthleteThresholds, FitnessWithSources, TrainingLogEntry } from './metrics-service.ts';
export { sportFamilyOf } from './metrics-service.ts';

const notFound = () => new AppError('not_found', 'Activity not found');
const FIRST_PAGE_TTL_MS = 10_000;
const FIRST_PAGE_MAX_ACCOUNTS = 10_000;
const ACTIVITIES_WRITTEN = 'activities-written';

function toListItem(row: ActivityListRow): ActivityListItem {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    sportType: row.sportType,
    source: row.source,
    stravaActivityId: row.stravaActivityId,
    distance: row.distance,
    movingTime: row.movingTime,
    elapsedTime: row.elapsedTime,
    totalElevationGain: row.totalElevationGain,
    startDate: row.startDate.toISOString(),
    averageHeartrate: row.averageHeartrate,
    averageWatts: row.averageWatts,
    deviceWatts: row.deviceWatts,
    trainer: row.trainer,
  };
}

/**
 * The detail shows one figure for each thing (ADR 0019): where the metrics computed a heart-rate or
 * measured-power figure from the cleaned streams, it replaces the source's summary (Strava's own
 * averages, which may include a strap's zeros or a spike); the summary fills in where they did not.
 */
function toDetail(row: ActivityRow, streamKeys: string[] | null, metrics: ActivityMetricsView | null): ActivityDetail {
  const measuredPower = row.deviceWatts ? metrics : null;
  return {
    ...toListItem(row),
    averageHeartrate: metrics?.averageHeartrateBpm ?? row.averageHeartrate,
    averageWatts: measuredPower?.averagePowerW ?? row.averageWatts,
    timezone: row.timezone,
    averageSpeed: row.averageSpeed,
    maxSpeed: row.maxSpeed,
    elevHigh: row.elevHigh,
    elevLow: row.elevLow,
    workoutType: row.workoutType,
    maxHeartrate: metrics?.maxHeartrateBpm ?? row.maxHeartrate,
    averageCadence: row.averageCadence,
    maxWatts: measuredPower?.maxPowerW ?? row.maxWatts,
    weightedAverageWatts: measuredPower?.normalizedPowerW ?? row.weightedAverageWatts,
    kilojoules: measuredPower?.workKj ?? row.kilojoules,
    calories: row.calories,
    commute: row.commute,
    sufferScore: row.sufferScore,
    startLatlng: row.startLatlng ?? null,
    endLatlng: row.endLatlng ?? null,
    description: row.description,
    deviceName: row.deviceName,
    laps: row.laps ?? null,
    splitsMetric: row.splitsMetric ?? null,
    splitsStandard: row.splitsStandard ?? null,
    bestEfforts: row.bestEfforts ?? null,
    segmentEfforts: row.segmentEfforts ?? null,
    hasStreams: streamKeys !== null,
    streamKeys: streamKeys ?? [],
    metrics,
    dataQuality: combinedDataQuality(row.fileQuality ?? null, metrics?.dataQuality ?? null),
  };
}

/** One "data quality" for the page: the cleaning counts of the metrics, with the file's own facts. */
function combinedDataQuality(file: FileQuality | null, cleaning: SampleCleaning | null): DataQuality | null {
  if (!file && !cleaning) return null;
  return {
    powerSpikesRemoved: cleaning?.powerSpikesRemoved ?? 0,
    heartRateReadingsRemoved: cleaning?.heartRateReadingsRemoved ?? 0,
    cadenceReadingsRemoved: cleaning?.cadenceReadingsRemoved ?? 0,
    speedJumpsRemoved: cleaning?.speedJumpsRemoved ?? 0,
    duplicateTimestampsMerged: file?.duplicateTimestampsMerged ?? 0,
    backwardTimestampsDropped: file?.backwardTimestampsDropped ?? 0,
    truncatedRecoveredS: file?.truncatedRecoveredS ?? null,
  };
}

/** Reading activities; every call is scoped to the signed-in account. */
export function createActivitiesService(deps: {
  repo: ActivitiesRepo;
  metrics: MetricsService;
  queue: JobQueue;
  metricsJobs: MetricsJobs;
  invalidation: InvalidationChannel;
}) {
  const { repo, metrics, queue, metricsJobs, invalidation } = deps;

  /**
   * The first page of the list is what every visit to Home asks for, and it changes only when an
   * activity is written; it is kept per account until then (or FIRST_PAGE_TTL_MS, for changes made
   * outside the server). Every write below goes through `written`, which tells every instance to
   * drop the account's page (ADR 0041).
   */
  const firstPages = new Map<string, { limit: number; items: ActivityListItem[]; until: number }>();
  /** Bumped by every write heard of, so a read that overlapped a write never caches what it saw. */
  const writeCounts = new Map<string, number>();
  /** Bumped when the channel says anything may have changed. */
  let resets = 0;
  invalidation.subscribe(ACTIVITIES_WRITTEN, (accountId) => {
    if (accountId === null) {
      resets += 1;
      firstPages.clear();
      writeCounts.clear();
      return;
    }
    writeCounts.set(accountId, (writeCounts.get(accountId) ?? 0) + 1);
    firstPages.delete(accountId);
  });
  const written = <A extends [string, ...unknown[]], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        await invalidation.publish(ACTIVITIES_WRITTEN, args[0]);
      }
    };

  return {
    async list(accountId: string, options: { limit: number; before?: string }): Promise<ActivityListItem[]> {
      if (!options.before && invalidation.live()) {
        const cached = firstPages.get(accountId);
        if (cached && cached.limit === options.limit && cached.until > Date.now()) return cached.items;
      }
      const startedAt = Date.now();
      const writesBefore = writeCounts.get(accountId) ?? 0;
      const resetsBefore = resets;
      const rows = await repo.list(accountId, {
        limit: options.limit,
        ...(options.before ? { before: new Date(options.before) } : {}),
      });
      const items = rows.map(toListItem);
      const unchanged = (writeCounts.get(accountId) ?? 0) === writesBefore && resets === resetsBefore;
      if (!options.before && invalidation.live() && unchanged) {
        if (firstPages.size >= FIRST_PAGE_MAX_ACCOUNTS) firstPages.clear();
        firstPages.set(accountId, { limit: options.limit, items, until: startedAt + FIRST_PAGE_TTL_MS });
      }
      return items;
    },

    async detail(accountId: string, id: string): Promise<ActivityDetail> {
      const row = await repo.find(accountId, id);
      if (!row) throw notFound();
      return toDetail(row, await repo.streamKeys(row.id), await metrics.view(accountId, row.id));
    },

    /** The activity's laps and its work/rest intervals, with the figures of each. */
    async intervals(accountId: string, id: string): Promise<ActivityIntervals> {
      const row = await repo.find(accountId, id);
      if (!row) throw notFound();
      const [streams, view] = await Promise.all([repo.loadStreams(accountId, row.id), metrics.view(accountId, row.id)]);
      return readActivityIntervals({
        family: sportFamilyOf(row.sportType),
        storedLaps: row.laps ?? null,
        streams: measuredStreams(row, streams),
        ftpW: view?.ftpW ?? null,
      });
    },

    powerCurve: (accountId: string, id: string) => metrics.powerCurve(accountId, id),
    bestPowerCurve: (accountId: string, days: number) => metrics.bestPowerCurve(accountId, days),
    fitness: (accountId: string, days: number) => metrics.fitness(accountId, days),
    /** Fitness for the `days` days up to `asOf`, with the activity sources its loads came from. */
    fitnessWithSources: (accountId: string, days: number, asOf: Date) => metrics.fitnessWithSources(accountId, days, asOf),
    trainingLog: (accountId: string, from: Date, to: Date) => metrics.trainingLog(accountId, from, to),
    /** The computed metrics and power curves of some of the account's activities, by activity id. */
    metricsOf: (accountId: string, activityIds: readonly string[]) => metrics.ofActivities(accountId, activityIds),

    /** Runs `listener` after the metrics jobs store an activity's metrics (see MetricsJobs.onComputed). */
    onMetricsComputed: metricsJobs.onComputed,

    /** An activity arrived or changed (sync, webhook, upload): compute its metrics in the background. */
    async ingested(accountId: string, activityId: string): Promise<void> {
      await queue.send(metricsJobs.activity, { accountId, activityId }, { singletonKey: activityId });
    },

    /** Much history arrived at once (backfill, archive): recompute it all, oldest first. */
    async historyImported(accountId: string): Promise<void> {
      await queue.send(metricsJobs.account, { accountId }, { singletonKey: accountId });
    },

    /**
     * The athlete's thresholds changed (coaching profile): rescore the whole history in the
     * background, since every activity's load and zones depend on them.
     */
    async thresholdsChanged(accountId: string): Promise<void> {
      await queue.send(metricsJobs.account, { accountId }, { singletonKey: accountId });
    },

    /** Stores the fitness series of accounts scored before it was stored (an upgrade); run once at boot. */
    async storeMissingFitness(): Promise<void> {
      for (const accountId of await metrics.accountsWithoutFitness()) {
        await queue.send(metricsJobs.fitness, { accountId }, { singletonKey: accountId });
      }
    },

    /** Whether some of the account's activities still wait for their metrics (a history just arrived). */
    metricsPending: (accountId: string) => metrics.hasUnscored(accountId),

    /** Whether the activity's metrics are stored (the metrics job has run for it). */
    async metricsComputed(accountId: string, id: string): Promise<boolean> {
      return (await metrics.view(accountId, id)) !== null;
    },

    /**
     * Rescores one activity now, so what is read next uses the current thresholds, and rewrites the
     * fitness series with its load (the analysis about to be written reads the day's fitness).
     */
    async recomputeMetrics(accountId: string, id: string): Promise<void> {
      await metrics.compute(accountId, id);
      await metrics.refreshFitness(accountId);
    },

    /** Kairo's estimates of FTP and maximum heart rate from the athlete's own activities, with the evidence. */
    estimates: (accountId: string, now?: Date) => metrics.estimates(accountId, now),

    async streams(accountId: string, id: string) {
      const streams = await repo.loadStreams(accountId, id);
      if (!streams) {
        if (!(await repo.find(accountId, id))) throw notFound();
        throw new AppError('not_found', 'This activity has no streams yet');
      }
      return streams;
    },

    toListItem,

    // Writes used by the features that bring activities in (Strava sync, imports).
    upsert: written(repo.upsert),
    insertUnlessRecorded: written(repo.insertUnlessRecorded),
    update: written(repo.update),
    // A deleted activity takes its load out of the fitness series (and may bring back a duplicate's).
    remove: written(async (accountId: string, id: string) => {
      await repo.remove(accountId, id);
      await queue.send(metricsJobs.fitness, { accountId }, { singletonKey: accountId });
    }),
    removeBySources: written(async (accountId: string, sources: Parameters<typeof repo.removeBySources>[1]) => {
      const removed = await repo.removeBySources(accountId, sources);
      if (removed > 0) await queue.send(metricsJobs.fitness, { accountId }, { singletonKey: accountId });
      return removed;
    }),
    findBySourceKey: repo.findBySourceKey,
    /** The account's activity by Kairo's id or by its Strava id; undefined when the account has none. */
    find: repo.find,
    findByStravaActivityId: repo.findByStravaActivityId,
    saveStreams: repo.saveStreams,
    count: repo.count,
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
