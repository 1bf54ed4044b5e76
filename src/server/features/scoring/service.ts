import { withoutPowerStream, type ActivityStreams } from '../../../metrics/activity-streams.ts';
import type { ActivityScore } from '../../../metrics/activity-score.ts';
import { resolveAthleteSettings } from '../../../metrics/athlete-settings.ts';
import { estimateFtpFromBest20MinW } from '../../../metrics/critical-power.ts';
import { continueFitnessJson, continueFitnessSeries, type FitnessDay } from '../../../metrics/fitness.ts';
import { estimateMaxHeartrate, estimateMaxHeartrateOfGroups, MAX_HR_LOOKBACK_DAYS } from '../../../metrics/max-heart-rate.ts';
import { thresholdPaceFromSpeedSPerKm } from '../../../metrics/threshold-pace.ts';
import type { SportFamily } from '../../../metrics/training-load.ts';
import type { ActivityMetricsView } from '../../../shared/api/activities.ts';
import type { ActivityIntervals } from '../../../shared/api/activity-intervals.ts';
import type { ActivityRange } from '../../../shared/api/activity-range.ts';
import { createAccountCache } from '../../db/account-cache.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import { activitySources, type ActivitySource } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { JsonText } from '../../http/kept-json.ts';
import { sportFamilyOf, sportTypesOf } from '../../../shared/domain/sport-family.ts';
import type { ActivityRow } from '../activities/index.ts';
import type { PackedScoreInput } from '../imports/index.ts';
import { storedView, thresholdsView, toView, type FtpSource, type ThresholdsUsed } from './metrics-view.ts';
import { readActivityIntervals } from './intervals.ts';
import { readStreamRange } from './stream-range.ts';
import { createPowerCurves } from './power-curves.ts';
import type { MetricsRepo, WindowHighest } from './repo.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { fitnessWindow, wholeHistorySeries } from './fitness-window.ts';
import { evidenceOf, maxHeartrateFound, sourcesOf } from './estimate-evidence.ts';

/**
 * The athlete's thresholds come from their coaching profile first (`AthleteThresholds`); what they
 * have not set is estimated from their own data: FTP is 95 % of the best 20-minute power of the 90
 * days before the activity (never from the activity itself, which would score a ride against
 * itself); maximum heart rate is the highest recorded in the year before, from which the metrics
 * derive LTHR and zones; a run's threshold pace, which rTSS is scored against, is the fastest
 * one-hour speed that the best efforts of the runs of the 90 days before imply by Riegel's
 * endurance model (ADR 0015, metrics/threshold-pace.ts). A set FTP scores every activity, old ones
 * too: it is the athlete's word for what their threshold is, and rescoring history with it keeps
 * fitness on one scale.
 *
 * Under the strict Strava policy (ADR 0007) an activity that is not from Strava is scored only
 * against thresholds estimated from activities that are not either, so its scores, zones and load
 * stay the athlete's own data and may reach a model; a Strava activity, which only the built-in
 * coach reads, is scored against everything. The sources an estimate was read from are stored with
 * the metrics (`thresholdSources`), and the analysis counts them in the facts' provenance.
 */
const FTP_LOOKBACK_DAYS = 90;
/** As for FTP: long enough to hold a hard effort, short enough to follow the athlete's form. */
const THRESHOLD_PACE_LOOKBACK_DAYS = 90;
/** For a series written outside the servers (they are told of every rewrite of their own). */
const FITNESS_CHART_TTL_MS = 10_000;
const FITNESS_CHART_MAX_ACCOUNTS = 10_000;
/** Announced (per account) once a rewritten fitness series is committed: after every metrics job and every removal. */
export const FITNESS_WRITTEN = 'fitness-written';

/**
 * The thresholds the athlete or Strava states (the effective ones that are not estimates, ADR
 * 0025); null where neither states one, and the metrics estimate it from the activities before.
 * `strava` marks values read from Strava's athlete profile: scores made with them derive from
 * Strava data (ADR 0007).
 */
export interface AthleteThresholds {
  ftpW: number | null;
  ftpFrom: 'athlete' | 'strava' | null;
  /** Upper bounds of heart-rate zones 1-4 (zone 5 is open). */
  hrZoneUpperBoundsBpm: readonly [number, number, number, number] | null;
  hrZonesFrom: 'athlete' | 'strava' | null;
  /** Set by the athlete; null: estimated (max HR, threshold pace) or the metrics' default (resting HR, LTHR). */
  maxHrBpm: number | null;
  restHrBpm: number | null;
  lthrBpm: number | null;
  thresholdPaceSPerKm: number | null;
}
/** What scoring reads of an activity: its row with its stored streams (the activities feature answers). */
export interface ScoredActivities {
  findWithStreams(accountId: string, activityId: string): Promise<{ row: ActivityRow; streams: ActivityStreams | null } | undefined>;
  /** The same with the streams as stored, which scoring hands to a worker to decode. */
  findWithPackedStreams(accountId: string, activityId: string): Promise<{ row: ActivityRow; packedStreams: Uint8Array | null } | undefined>;
  /** Writes figures onto the activity (and tells the activity list they changed). */
  update(accountId: string, activityId: string, values: Partial<Pick<ActivityRow, 'averageHeartrate' | 'averageWatts'>>): Promise<void>;
}

/** The stated thresholds an activity of this sport family is scored with (heart rate differs by sport, ADR 0055). */
export type AthleteThresholdsSource = (accountId: string, family: SportFamily) => Promise<AthleteThresholds>;

/** The stated thresholds read for each sport family while a whole history is scored. */
type StatedThresholds = Map<SportFamily, Promise<AthleteThresholds>>;

export interface FitnessWithSources {
  series: FitnessDay[];
  sources: ActivitySource[];
}

export interface TrainingLogEntry {
  activityId: string;
  family: SportFamily;
  source: ActivitySource;
  startDate: Date;
  movingTimeS: number;
  /** Null until the activity's metrics are computed. */
  trainingLoad: number | null;
  /** The sources its thresholds, and so its load, were read from; empty until computed. */
  thresholdSources: ActivitySource[];
}

/** What the thresholds of an activity are estimated for: when it started, its sport, source and peak. */
type ThresholdedRow = Pick<ActivityRow, 'id' | 'startDate' | 'sportType' | 'source' | 'maxHeartrate'>;

/** The longest window an estimate looks back over: an activity this much later can be scored with one before it. */
const LONGEST_LOOKBACK_DAYS = Math.max(FTP_LOOKBACK_DAYS, THRESHOLD_PACE_LOOKBACK_DAYS, MAX_HR_LOOKBACK_DAYS);

/** The thresholds an activity was scored against, as one comparable text (the stored view's, or those just resolved). */
function thresholdsKey(view: Partial<ActivityMetricsView>, sources: readonly ActivitySource[]): string {
  return JSON.stringify([
    view.ftpW ?? null,
    view.ftpSource ?? null,
    view.thresholdPaceSPerKm ?? null,
    view.thresholdPaceSource ?? null,
    view.hrZoneUpperBoundsBpm ?? null,
    view.hrZonesSource ?? null,
    view.maxHrBpm ?? null,
    [...sources].sort(),
  ]);
}

const NON_STRAVA_SOURCES = activitySources.filter((source) => source !== 'strava');

/** The sources whose activities may feed the thresholds an activity of `source` is scored against; undefined for all. */
function estimateSourcesFor(policy: 'strict' | 'relaxed', source: ActivitySource): readonly ActivitySource[] | undefined {
  return policy === 'strict' && source !== 'strava' ? NON_STRAVA_SOURCES : undefined;
}

/**
 * Strava estimates power for rides without a meter; only measured power is scored. The one rule
 * for whether an activity's power stream is measured, read here and by the worker that scores it.
 */
const hasMeasuredPower = (row: Pick<ActivityRow, 'deviceWatts'>): boolean => row.deviceWatts;

/** The streams without an estimated power stream (see `hasMeasuredPower`). */
export function measuredStreams(row: ActivityRow, streams: ActivityStreams | null): ActivityStreams | null {
  return streams && !hasMeasuredPower(row) ? withoutPowerStream(streams) : streams;
}

export function createMetricsService(deps: {
  repo: MetricsRepo;
  activities: ScoredActivities;
  thresholds: AthleteThresholdsSource;
  dataPolicy: 'strict' | 'relaxed';
  invalidation: InvalidationChannel;
  /**
   * `scoreActivity`, run off the event loop (a worker of the activity pool), which decodes the
   * packed streams there: the metrics of a long activity take seconds of CPU, which would stall
   * every other request, and its decoded streams are megabytes the server need not hold.
   */
  scoreActivity: (input: PackedScoreInput) => Promise<ActivityScore>;
}) {
  const { repo, activities, thresholds, dataPolicy, invalidation, scoreActivity } = deps;

  /**
   * The chart's series (the last window asked for, by days and today's date) per account, kept
   * until the stored series is rewritten on any instance: `refreshFitness` is its only writer and
   * tells every instance once it has committed (ADR 0052).
   */
  const charts = createAccountCache<string, JsonText>({
    invalidation,
    topic: FITNESS_WRITTEN,
    ttlMs: FITNESS_CHART_TTL_MS,
    maxAccounts: FITNESS_CHART_MAX_ACCOUNTS,
  });

  /** The account's activity with the streams it is scored from (measured power only); undefined when the account has none. */
  async function scoredActivity(accountId: string, activityId: string): Promise<{ row: ActivityRow; streams: ActivityStreams | null } | undefined> {
    const found = await activities.findWithStreams(accountId, activityId);
    return found && { row: found.row, streams: measuredStreams(found.row, found.streams) };
  }

  /**
   * The max heart rate an activity is scored with when the athlete set none: the estimate of ADR
   * 0060 as of the activity, from the year of activities of its sport up to and with it (a ride's
   * from rides, a run's from runs), else from every activity, as the settings resolve it.
   */
  async function datedMaxHeartrate(accountId: string, row: ThresholdedRow, sources: readonly ActivitySource[] | undefined): Promise<WindowHighest | null> {
    const start = row.startDate.getTime();
    const window = { from: new Date(start - MAX_HR_LOOKBACK_DAYS * DAY_MS), to: new Date(start + 1), excludeActivityId: row.id, sources };
    const own = row.maxHeartrate === null ? [] : [{ maxHeartrateBpm: row.maxHeartrate }];
    const family = sportFamilyOf(row.sportType);
    const withOwn = (found: { peaks: { maxHeartrateBpm: number }[]; sources: ActivitySource[] }) => ({
      peaks: [...found.peaks, ...own],
      sources: own.length > 0 ? [...found.sources, row.source] : found.sources,
    });
    if (family === 'ride' || family === 'run') {
      const found = withOwn(await repo.heartRatePeaks(accountId, { ...window, sportTypes: sportTypesOf(family) }));
      const estimate = estimateMaxHeartrate(found.peaks);
      if (estimate) return { highest: estimate.maxHeartrateBpm, sources: [...new Set(found.sources)] };
    }
    // Every sport's estimate, by the same rule per group of sports (ADR 0060), the activity in its own group.
    const groups = await peakGroups(accountId, window);
    const ownGroup = family === 'ride' ? 0 : family === 'run' ? 1 : 2;
    const found = groups.map((group, index) => (index === ownGroup ? withOwn(group) : group));
    const estimate = estimateMaxHeartrateOfGroups(found.map((group) => group.peaks));
    return estimate && { highest: estimate.maxHeartrateBpm, sources: [...new Set(found.flatMap((group) => group.sources))] };
  }

  /** The heart-rate peaks of the rides, of the runs and of every other sport in a window: the groups ADR 0060 judges apart. */
  function peakGroups(accountId: string, window: Parameters<MetricsRepo['heartRatePeaks']>[1]) {
    const rides = sportTypesOf('ride');
    const runs = sportTypesOf('run');
    return Promise.all([
      repo.heartRatePeaks(accountId, { ...window, sportTypes: rides }),
      repo.heartRatePeaks(accountId, { ...window, sportTypes: runs }),
      repo.heartRatePeaks(accountId, { ...window, exceptSportTypes: [...rides, ...runs] }),
    ]);
  }

  /**
   * Scores and stores an activity read with its packed streams; false when it is gone. `stated`
   * keeps the athlete's stated thresholds of each sport family for a whole history scored at once.
   */
  async function scoreFound(
    accountId: string,
    activityId: string,
    found: Awaited<ReturnType<ScoredActivities['findWithPackedStreams']>>,
    stated?: StatedThresholds,
  ): Promise<boolean> {
    if (!found) return false;
    const { row } = found;
    const sport = sportFamilyOf(row.sportType);
    const { athlete, used, ftpW, ftpSource } = await thresholdsOf(accountId, row, stated);
    const { metrics, powerCurveW, best20MinPowerW, impliedThresholdSpeedMps } = await scoreActivity({
      packedStreams: found.packedStreams,
      withoutPower: !hasMeasuredPower(row),
      summary: {
        sport,
        distanceM: row.distance,
        movingTimeS: row.movingTime,
        elapsedTimeS: row.elapsedTime,
        elevationGainM: row.totalElevationGain,
        averagePowerW: row.deviceWatts ? row.averageWatts : null,
        maxPowerW: row.deviceWatts ? row.maxWatts : null,
        weightedAveragePowerW: row.deviceWatts ? row.weightedAverageWatts : null,
        workKj: row.deviceWatts ? row.kilojoules : null,
        averageHeartrateBpm: row.averageHeartrate,
        maxHeartrateBpm: row.maxHeartrate,
      },
      athlete,
    });
    await repo.save({
      activityId,
      userId: accountId,
      metrics: toView(metrics, used),
      trainingLoad: metrics.trainingLoad,
      trainingLoadMethod: metrics.trainingLoadMethod,
      best20MinPowerW,
      maxHeartrateBpm: metrics.maxHeartrateBpm,
      impliedThresholdSpeedMps,
      powerCurveW,
      ftpW,
      ftpSource,
      thresholdSources: used.sources,
    });
    await storeListedFigures(accountId, row, metrics);
    return true;
  }

  /**
   * The thresholds an activity is scored against (see the header): the athlete's or Strava's where
   * stated, else estimated from the activities before it. They depend on which activities are
   * stored, never on the order they arrived in: `rescoreStale` rescores an activity scored before
   * an earlier one arrived (ADR 0065).
   */
  async function thresholdsOf(accountId: string, row: ThresholdedRow, stated?: StatedThresholds) {
    const activityId = row.id;
    const start = row.startDate.getTime();
    const sport = sportFamilyOf(row.sportType);
    let reading = stated?.get(sport);
    if (reading === undefined) {
      reading = thresholds(accountId, sport);
      stated?.set(sport, reading);
    }
    const set = await reading;
    const sources = estimateSourcesFor(dataPolicy, row.source);
    // The three estimates read apart from each other: asked at once, they cost one wait on the
    // database instead of three (a whole history is scored one activity after another).
    const [best20, maxHr, thresholdSpeed] = await Promise.all([
      set.ftpW === null
        ? repo.highestInWindow(accountId, 'best20MinPowerW', { from: new Date(start - FTP_LOOKBACK_DAYS * DAY_MS), to: row.startDate, excludeActivityId: activityId, sources })
        : null,
      set.maxHrBpm === null ? datedMaxHeartrate(accountId, row, sources) : null,
      sport === 'run' && set.thresholdPaceSPerKm === null
        ? repo.highestInWindow(accountId, 'impliedThresholdSpeedMps', { from: new Date(start - THRESHOLD_PACE_LOOKBACK_DAYS * DAY_MS), to: row.startDate, excludeActivityId: activityId, sources })
        : null,
    ]);
    const ftpW = set.ftpW ?? (best20 === null ? null : Math.round(estimateFtpFromBest20MinW(best20.highest)));
    const ftpSource: FtpSource = set.ftpFrom === 'strava' ? 'strava' : set.ftpW !== null ? 'settings' : ftpW === null ? 'none' : 'estimate';
    const thresholdPaceSPerKm = set.thresholdPaceSPerKm ?? (thresholdSpeed === null ? null : thresholdPaceFromSpeedSPerKm(thresholdSpeed.highest));
    // Strava's stated FTP or zones scoring this activity make its scores derived from Strava data.
    const stravaStated: WindowHighest | null =
      set.ftpFrom === 'strava' || set.hrZonesFrom === 'strava' ? { highest: 0, sources: ['strava'] } : null;
    const athlete = {
      ftpW,
      maxHrBpm: set.maxHrBpm ?? maxHr?.highest ?? null,
      restHrBpm: set.restHrBpm,
      lthrBpm: set.lthrBpm,
      hrZoneUpperBoundsBpm: set.hrZoneUpperBoundsBpm,
      thresholdPaceSPerKm,
    };
    // The zones (and max heart rate) the metrics use, kept with them so every reader shows what was used.
    const { hrZoneUpperBoundsBpm, maxHrBpm } = resolveAthleteSettings(athlete);
    const used: ThresholdsUsed = {
      ftp: { ftpW, source: ftpSource },
      thresholdPace: { paceSPerKm: thresholdPaceSPerKm, source: set.thresholdPaceSPerKm !== null ? 'settings' : thresholdPaceSPerKm === null ? 'none' : 'estimate' },
      sources: sourcesOf([best20, maxHr, thresholdSpeed, stravaStated]),
      hrZonesSource: set.hrZonesFrom === 'strava' ? 'strava' : set.hrZonesFrom === 'athlete' || (set.hrZonesFrom === null && (set.lthrBpm ?? set.maxHrBpm) !== null) ? 'settings' : hrZoneUpperBoundsBpm ? 'estimate' : 'none',
      hrZoneUpperBoundsBpm: hrZoneUpperBoundsBpm && hrZoneUpperBoundsBpm.map(Math.round),
      maxHrBpm,
    };
    return { athlete, used, ftpW, ftpSource };
  }

  /**
   * One figure for each thing (ADR 0019): the activity list shows the activity's own average heart
   * rate and power, which for a Strava activity are Strava's summary (a strap's zeros or a power
   * spike included). Once the metrics computed them from the cleaned streams, they replace the
   * summary on the activity, so the list reads what the detail shows. The detail takes the same
   * figures from the metrics (measured power only; Strava's estimate for a ride without a meter stays).
   */
  async function storeListedFigures(accountId: string, row: ActivityRow, metrics: ActivityScore['metrics']): Promise<void> {
    const values: Partial<Pick<ActivityRow, 'averageHeartrate' | 'averageWatts'>> = {};
    if (metrics.averageHeartrateBpm !== null && metrics.averageHeartrateBpm !== row.averageHeartrate) {
      values.averageHeartrate = metrics.averageHeartrateBpm;
    }
    if (row.deviceWatts && metrics.averagePowerW !== null && metrics.averagePowerW !== row.averageWatts) {
      values.averageWatts = metrics.averagePowerW;
    }
    if (Object.keys(values).length > 0) await activities.update(accountId, row.id, values);
  }

  return {
    /** Computes and stores one activity's metrics from its streams and summary; false when the activity is gone. */
    async compute(accountId: string, activityId: string): Promise<boolean> {
      return scoreFound(accountId, activityId, await activities.findWithPackedStreams(accountId, activityId));
    },

    /**
     * What Kairo estimates from the athlete's own data, with the evidence: the FTP from the best
     * 20-minute power of FTP_LOOKBACK_DAYS days, and the maximum heart rate of MAX_HR_LOOKBACK_DAYS
     * days, both ending with the newest activity (an athlete back from a break gets the estimate of
     * when they last trained, dated, rather than none).
     */
    async estimates(accountId: string, now = new Date()) {
      const latest = await repo.latestStartDate(accountId);
      const endMs = latest === null ? now.getTime() : Math.min(now.getTime(), latest.getTime() + 1);
      const end = new Date(endMs);
      const maxHrWindow = { from: new Date(endMs - MAX_HR_LOOKBACK_DAYS * DAY_MS), to: end };
      const [best20, [ridePeaks, runPeaks, otherPeaks], thresholdSpeed] = await Promise.all([
        repo.bestEffort(accountId, 'best20MinPowerW', new Date(endMs - FTP_LOOKBACK_DAYS * DAY_MS), end),
        peakGroups(accountId, maxHrWindow),
        repo.bestEffort(accountId, 'impliedThresholdSpeedMps', new Date(endMs - THRESHOLD_PACE_LOOKBACK_DAYS * DAY_MS), end),
      ]);
      return {
        ftp: best20 && { ftpW: Math.round(estimateFtpFromBest20MinW(best20.value)), best20MinPowerW: best20.value, ...evidenceOf(best20) },
        maxHeartrate: maxHeartrateFound(estimateMaxHeartrateOfGroups([ridePeaks.peaks, runPeaks.peaks, otherPeaks.peaks])),
        maxHeartrateBySport: { cycling: maxHeartrateFound(estimateMaxHeartrate(ridePeaks.peaks)), running: maxHeartrateFound(estimateMaxHeartrate(runPeaks.peaks)) },
        thresholdPace: thresholdSpeed && thresholdSpeed.value > 0 ? { paceSPerKm: thresholdPaceFromSpeedSPerKm(thresholdSpeed.value), ...evidenceOf(thresholdSpeed) } : null,
      };
    },

    /**
     * Rescores, oldest first, the activity and the scored activities after it (up to the longest
     * estimate window) whose thresholds differ from those they were scored against: an activity
     * that arrives after later ones (an old file uploaded, two scored at once) changes what their
     * estimates are read from. So each activity's thresholds follow from the activities stored,
     * never from the order they arrived in (ADR 0065). Returns the ids rescored.
     */
    async rescoreStale(accountId: string, activityId: string): Promise<string[]> {
      const start = await repo.startDateOf(accountId, activityId);
      if (start === null) return [];
      const until = new Date(start.getTime() + LONGEST_LOOKBACK_DAYS * DAY_MS);
      const rescored: string[] = [];
      for (const scored of await repo.scoredStartingIn(accountId, start, until)) {
        const { used } = await thresholdsOf(accountId, scored);
        const now = thresholdsKey(thresholdsView(used), used.sources);
        if (now === thresholdsKey(scored.metrics as Partial<ActivityMetricsView>, scored.thresholdSources)) continue;
        if (await this.compute(accountId, scored.id)) rescored.push(scored.id);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return rescored;
    },

    /** Recomputes every activity of the account, oldest first, so each sees the history before it. Returns their ids in that order. */
    async recomputeAll(accountId: string): Promise<string[]> {
      const ids = await repo.activityIdsOldestFirst(accountId);
      // Each activity's thresholds are read from those scored before it, so they are scored one
      // after another; the next one's streams (which nothing here changes) are read meanwhile.
      const read = (index: number) => {
        const reading = index < ids.length ? activities.findWithPackedStreams(accountId, ids[index]!) : Promise.resolve(undefined);
        // Awaited in its turn; until then a failure must not count as unhandled.
        reading.catch(() => undefined);
        return reading;
      };
      // The athlete's stated thresholds are read once for the whole history: one changed meanwhile
      // queues the account's history to be scored again (`thresholdsChanged`, scoring/jobs.ts).
      const stated: StatedThresholds = new Map();
      let next = read(0);
      for (let index = 0; index < ids.length; index++) {
        const found = await next;
        next = read(index + 1);
        await scoreFound(accountId, ids[index]!, found, stated);
        // Let waiting requests through between activities: on PGlite they share one connection.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return ids;
    },

    view: (accountId: string, activityId: string) => storedView(repo, accountId, activityId),

    /** Whether the activity's metrics are stored (the metrics job has run for it). */
    async isComputed(accountId: string, activityId: string): Promise<boolean> {
      return (await storedView(repo, accountId, activityId)) !== null;
    },

    /**
     * Rescores one activity now, so what is read next uses the current thresholds, and rewrites the
     * fitness series with its load (the analysis about to be written reads the day's fitness).
     */
    async recompute(accountId: string, activityId: string): Promise<void> {
      await this.compute(accountId, activityId);
      await this.refreshFitness(accountId);
    },

    /** The activity's laps and its work/rest intervals, with the figures of each (ADR 0047). */
    async intervals(accountId: string, activityId: string): Promise<ActivityIntervals> {
      const [scored, view] = await Promise.all([scoredActivity(accountId, activityId), storedView(repo, accountId, activityId)]);
      if (!scored) throw new AppError('not_found', 'Activity not found');
      const { row, streams } = scored;
      return readActivityIntervals({ family: sportFamilyOf(row.sportType), storedLaps: row.laps ?? null, streams, ftpW: view?.ftpW ?? null });
    },

    /** The figures of a stretch of the activity's elapsed time, as the streams chart selects it (issue 30). */
    async range(accountId: string, activityId: string, fromS: number, toS: number): Promise<ActivityRange> {
      const scored = await scoredActivity(accountId, activityId);
      if (!scored) throw new AppError('not_found', 'Activity not found');
      return readStreamRange(scored.streams, fromS, toS);
    },

    ...createPowerCurves({ repo, scoredActivity }),

    /**
     * Daily load with fitness (CTL), fatigue (ATL) and form (TSB) for the `days` days ending with
     * `today`'s UTC day, read from the one stored series of the whole history: a day's figures are
     * the same whatever window is asked for.
     */
    async fitness(accountId: string, days: number, today = new Date()): Promise<FitnessDay[]> {
      const { fromDate, toDate } = fitnessWindow(days, today);
      return continueFitnessSeries(await repo.storedFitness(accountId, fromDate, toDate), fromDate, toDate);
    },

    /**
     * The fitness chart: `fitness()` of the days ending today as JSON text, made from the stored
     * days' kept JSON (one statement, no per-day work for the stored days) and kept in memory per
     * account until the stored series changes. Days stored before their JSON was kept are read as
     * rows. The bytes are JSON.stringify of `fitness()`.
     */
    async fitnessChart(accountId: string, days: number, today = new Date()): Promise<JsonText> {
      const { fromDate, toDate } = fitnessWindow(days, today);
      return charts.read(accountId, `${days}/${toDate}`, async () => {
        const kept = await repo.storedFitnessText(accountId, fromDate, toDate);
        return new JsonText(kept ? continueFitnessJson(kept, fromDate, toDate) : JSON.stringify(await this.fitness(accountId, days, today)));
      });
    },

    /**
     * The same series, with the sources of every activity whose load went into it (the whole
     * history before the window's end) and of those their thresholds were read from.
     */
    async fitnessWithSources(accountId: string, days: number, today = new Date()): Promise<FitnessWithSources> {
      const { toDate } = fitnessWindow(days, today);
      const [series, sources] = await Promise.all([
        this.fitness(accountId, days, today),
        repo.sourcesBefore(accountId, new Date(Date.parse(toDate) + DAY_MS)),
      ]);
      return { series, sources };
    },

    /**
     * Computes the account's fitness series from all of its loads again and stores it; returns the
     * days stored. Every instance drops its chart of the account once the new series is committed.
     */
    async refreshFitness(accountId: string): Promise<number> {
      try {
        return await repo.rewriteFitness(accountId, wholeHistorySeries);
      } finally {
        await charts.changed(accountId);
      }
    },

    /** Accounts whose fitness series was never stored although they have scored activities. */
    accountsWithoutFitness: () => repo.accountsWithoutFitness(),

    /** Whether some of the account's activities still wait for their metrics (a history just arrived). */
    hasUnscored: (accountId: string) => repo.hasUnscored(accountId),

    /** The account's activities that started in [from, to), oldest first, with sport family and training load. */
    async trainingLog(accountId: string, from: Date, to: Date): Promise<TrainingLogEntry[]> {
      const rows = await repo.trainingLog(accountId, from, to);
      return rows.map(({ sportType, thresholdSources, ...row }) => ({ ...row, thresholdSources: thresholdSources ?? [], family: sportFamilyOf(sportType) }));
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
