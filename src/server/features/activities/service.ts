import type {
  ActivityDetail,
  ActivityListItem,
  ActivityMetricsView,
  DataQuality,
  ElevationGainFrom,
  FileQuality,
  SampleCleaning,
} from '../../../shared/api/activities.ts';
import { createAccountCache } from '../../db/account-cache.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../events/bus.ts';
import { activitiesRemoved, activityStored, historyImported } from '../../events/domain-events.ts';
import type { ActivitiesRepo, ActivityListRow, ActivityRow } from './repo.ts';

/** The stored scores of an activity (the scoring feature keeps them); null until they are computed. */
export interface ActivityScores {
  view(accountId: string, activityId: string): Promise<ActivityMetricsView | null>;
}

const notFound = () => new AppError('not_found', 'Activity not found');
const FIRST_PAGE_TTL_MS = 10_000;
const FIRST_PAGE_MAX_ACCOUNTS = 10_000;
/** Announced (per account) after every write of the account's activities, on every instance. */
export const ACTIVITIES_WRITTEN = 'activities-written';

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
 * Scoring also writes the cleaned averages onto the row, so the list (which reads the row) agrees.
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
    dataQuality: combinedDataQuality(row.fileQuality ?? null, metrics?.dataQuality ?? null, elevationGainFrom(row)),
  };
}

/** Where the elevation gain shown comes from (ADR 0063): Strava's figure, or what the import recorded. */
function elevationGainFrom(row: ActivityRow): ElevationGainFrom | null {
  if (row.totalElevationGain === null) return null;
  if (row.source === 'strava') return 'strava';
  return row.fileQuality?.elevationGainFrom ?? null;
}

/** One "data quality" for the page: the cleaning counts of the metrics, with the file's own facts. */
function combinedDataQuality(
  file: FileQuality | null,
  cleaning: SampleCleaning | null,
  elevation: ElevationGainFrom | null,
): DataQuality | null {
  if (!file && !cleaning) return null;
  return {
    ...(elevation ? { elevationGainFrom: elevation } : {}),
    powerSpikesRemoved: cleaning?.powerSpikesRemoved ?? 0,
    heartRateReadingsRemoved: cleaning?.heartRateReadingsRemoved ?? 0,
    cadenceReadingsRemoved: cleaning?.cadenceReadingsRemoved ?? 0,
    speedJumpsRemoved: cleaning?.speedJumpsRemoved ?? 0,
    duplicateTimestampsMerged: file?.duplicateTimestampsMerged ?? 0,
    backwardTimestampsDropped: file?.backwardTimestampsDropped ?? 0,
    truncatedRecoveredS: file?.truncatedRecoveredS ?? null,
    damagedRecoveredS: file?.damagedRecoveredS ?? null,
    transitionBeforeS: file?.transitionBeforeS ?? null,
    activeLengths: file?.activeLengths ?? null,
    movingTimeRule: file?.movingTimeRule ?? null,
  };
}

/** Reading activities; every call is scoped to the signed-in account. */
export function createActivitiesService(deps: {
  repo: ActivitiesRepo;
  scores: ActivityScores;
  events: EventBus;
  invalidation: InvalidationChannel;
}) {
  const { repo, scores, events, invalidation } = deps;

  /**
   * The first page of the list is what every visit to Home asks for, and it changes only when an
   * activity is written; it is kept per account until then (or FIRST_PAGE_TTL_MS, for changes made
   * outside the server). Every write below goes through `written`, which tells every instance to
   * drop the account's page (ADR 0041, ADR 0052).
   */
  const firstPages = createAccountCache<number, ActivityListItem[]>({
    invalidation,
    topic: ACTIVITIES_WRITTEN,
    ttlMs: FIRST_PAGE_TTL_MS,
    maxAccounts: FIRST_PAGE_MAX_ACCOUNTS,
  });
  const written = <A extends [string, ...unknown[]], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        await firstPages.changed(args[0]);
      }
    };
  const readFirstPage = async (accountId: string, limit: number) => (await repo.list(accountId, { limit })).map(toListItem);

  return {
    /** The first page of the list (newest first, duplicates left out), kept per account. */
    async list(accountId: string, options: { limit: number }): Promise<ActivityListItem[]> {
      return firstPages.read(accountId, options.limit, () => readFirstPage(accountId, options.limit));
    },

    /**
     * A page past the first as the API's JSON text (the bytes `list` would serialise to). Each
     * activity keeps its list item, written by `toListItem` once (ADR 0059), so a page is read as
     * text in one statement with no per-row work here. A page holding an activity without one (new,
     * or changed since) is serialised here, and the items it lacked are kept for the next read.
     */
    async pageJson(accountId: string, options: { limit: number; before: string }): Promise<string> {
      const before = new Date(options.before);
      const kept = await repo.listItems(accountId, { limit: options.limit, before });
      if (kept !== null) return kept;
      const rows = await repo.listWithVersions(accountId, { limit: options.limit, before });
      const items = rows.map((row) => ({ id: row.id, version: row.version, item: JSON.stringify(toListItem(row)) }));
      await repo.keepListItems(accountId, items);
      return `[${items.map(({ item }) => item).join(',')}]`;
    },

    async detail(accountId: string, id: string): Promise<ActivityDetail> {
      const row = await repo.find(accountId, id);
      if (!row) throw notFound();
      return toDetail(row, await repo.streamKeys(row.id), await scores.view(accountId, row.id));
    },

    /** An activity arrived or changed (sync, webhook, upload): its metrics follow in the background. */
    async ingested(accountId: string, activityId: string): Promise<void> {
      await events.publish(activityStored, { accountId, activityId });
    },

    /** Much history arrived at once (backfill, archive): it is all scored again, oldest first. */
    async historyImported(accountId: string): Promise<void> {
      await events.publish(historyImported, { accountId });
    },

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
      await events.publish(activitiesRemoved, { accountId });
    }),
    removeBySources: written(async (accountId: string, sources: Parameters<typeof repo.removeBySources>[1]) => {
      const removed = await repo.removeBySources(accountId, sources);
      if (removed > 0) await events.publish(activitiesRemoved, { accountId });
      return removed;
    }),
    findBySourceKey: repo.findBySourceKey,
    /** The account's activity by Kairo's id or by its Strava id; undefined when the account has none. */
    find: repo.find,
    findByStravaActivityId: repo.findByStravaActivityId,
    saveStreams: repo.saveStreams,
    /** The activity with its streams as recorded (null when it has none), in one read: what scoring reads. */
    findWithStreams: repo.findWithStreams,
    /** The same, the streams as stored, for scoring to decode in a worker. */
    findWithPackedStreams: repo.findWithPackedStreams,
    count: repo.count,
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
