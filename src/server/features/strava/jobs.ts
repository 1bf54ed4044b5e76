import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition, JobQueue } from '../../jobs/queue.ts';
import type { ActivitiesService } from '../activities/index.ts';
import { PAUSE_SEEN_WITHIN_MS, type StravaAppPause } from './app-pause.ts';
import {
  StravaAppInactive,
  StravaAppPaused,
  StravaRateLimited,
  StravaRequestFailed,
  StravaUnauthorized,
  StravaUnavailable,
  type StravaClient,
} from './client.ts';
import { detailValues, summaryValues, type StravaActivity } from './mapping.ts';
import type { StravaConnectionRow, StravaRepo } from './repo.ts';
import { StravaConnectionBroken, type StravaService } from './service.ts';
import { STRAVA_STREAM_KEYS, fromStravaStreams, type StravaStreamSet } from './streams.ts';

/**
 * Strava sync as durable jobs. Every step is idempotent (rows are keyed by Strava's ids), so a
 * retried or resumed job never duplicates data. A job that meets the rate limit re-queues itself
 * for the moment the budget reopens instead of failing.
 */
export const LIST_PAGE_SIZE = 200;
/** An incremental sync also looks this far back, for activities uploaded late. */
const INCREMENTAL_OVERLAP_S = 2 * 86_400;

const accountJob = z.object({ accountId: z.uuid() });
const activityJob = z.object({ accountId: z.uuid(), stravaActivityId: z.string().regex(/^\d+$/) });
/**
 * At most this many activities are held per account from events received while the sync is paused
 * (ADR 0067): each costs one read from Strava's budget on resume. Events past it are dropped with a
 * warning; the incremental sync on resume still brings the recent new activities.
 */
export const MAX_PAUSED_ACTIVITIES = 200;
/** Held activities read again per round of a replay. */
const REPLAY_BATCH = 50;

/** Strava's update events name a few changed fields (title, type, private, authorized): far fewer than this. */
const MAX_UPDATE_FIELDS = 16;
export const stravaWebhookEvent = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  aspect_type: z.enum(['create', 'update', 'delete']),
  owner_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  subscription_id: z.number().int().optional(),
  event_time: z.number().int(),
  // Only a fingerprint of the event (webhookKey) and `authorized` are read from it: never stored.
  updates: z
    .record(z.string().max(64), z.union([z.string().max(1_000), z.number(), z.boolean(), z.null()]))
    .refine((updates) => Object.keys(updates).length <= MAX_UPDATE_FIELDS)
    .optional(),
});
export type StravaWebhookEvent = z.infer<typeof stravaWebhookEvent>;

/** Identifies one event: Strava may deliver the same event more than once. */
export const webhookKey = (event: StravaWebhookEvent) =>
  // The updates are hashed: the key is a primary key, and an index entry must stay small.
  `${event.object_type}:${event.object_id}:${event.aspect_type}:${event.event_time}:${createHash('sha256').update(JSON.stringify(event.updates ?? {})).digest('base64url')}`;

export interface StravaJobs {
  backfill: JobDefinition<typeof accountJob>;
  activityDetail: JobDefinition<typeof activityJob>;
  incrementalSync: JobDefinition<typeof accountJob>;
  webhook: JobDefinition<z.ZodObject<{ event: typeof stravaWebhookEvent }>>;
  purge: JobDefinition<z.ZodObject<Record<string, never>>>;
  /** Every definition, for registering them with the queue. */
  all: JobDefinition<z.ZodType>[];
  names: string[];
}

export function createStravaJobs(deps: {
  queue: JobQueue;
  strava: StravaService;
  repo: StravaRepo;
  client: StravaClient;
  activities: ActivitiesService;
  log: FastifyBaseLogger;
  /** The app-wide pause (ADR 0067): events that arrive while it lasts are held for the resume. */
  pause: Pick<StravaAppPause, 'current'>;
  policy: { dataPolicy: 'strict' | 'relaxed'; cacheDays: number };
  /** Wait before retrying when Strava is unavailable. */
  backoffMs: number;
}): StravaJobs {
  const { queue, strava, repo, client, activities, log } = deps;

  /** Where a connection's activities come from: the demo athlete's are kept apart from real Strava ones. */
  const sourceOfConnection = (connection: { demo: boolean } | null | undefined): 'demo' | 'strava' => (connection?.demo ? 'demo' : 'strava');
  const sourceOf = async (accountId: string) => sourceOfConnection(await strava.connection(accountId));

  /** Runs a step; on the rate limit it re-queues the same job for when the window reopens. */
  async function guarded<S extends z.ZodType>(definition: JobDefinition<S>, data: z.output<S>, key: string, step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      if (error instanceof StravaRateLimited) {
        log.info({ job: definition.name, retryAt: new Date(error.retryAtMs).toISOString() }, 'Strava budget used up; job deferred');
        await queue.send(definition, data as z.input<S>, { singletonKey: key, startAfter: new Date(error.retryAtMs) });
        return;
      }
      if (error instanceof StravaUnavailable) {
        // An outage can last hours: wait and try again, as often as it takes, without failing the job.
        log.info({ job: definition.name, err: error.message }, 'Strava unavailable; job deferred');
        await queue.send(definition, data as z.input<S>, { singletonKey: key, startAfter: new Date(Date.now() + deps.backoffMs) });
        return;
      }
      if (error instanceof StravaConnectionBroken) {
        log.info({ job: definition.name }, error.message);
        return;
      }
      if (error instanceof StravaAppPaused || error instanceof StravaAppInactive) {
        // Strava refuses the whole app (ADR 0067): retrying cannot help, and nothing stored is
        // touched. The job ends; when the pause ends every connection gets an incremental sync,
        // which asks again for whatever this job would have fetched.
        log.info({ job: definition.name }, 'Strava sync is paused (the app is refused by Strava); job dropped until it resumes');
        return;
      }
      throw error;
    }
  }

  async function stillAuthorized(accountId: string): Promise<boolean> {
    try {
      await strava.withAccessToken(accountId, (token) => client.get(token, '/athlete'));
      return true;
    } catch (error) {
      if (error instanceof StravaConnectionBroken || error instanceof StravaUnauthorized) return false;
      throw error;
    }
  }

  async function stillExists(accountId: string, stravaActivityId: string): Promise<boolean> {
    try {
      await strava.withAccessToken(accountId, (token) => client.get(token, `/activities/${stravaActivityId}`));
      return true;
    } catch (error) {
      if (error instanceof StravaRequestFailed && error.status === 404) return false;
      // Unconfirmable (connection broken): keep the activity rather than trust an unsigned event.
      if (error instanceof StravaConnectionBroken || error instanceof StravaUnauthorized) return true;
      throw error;
    }
  }

  /** The activity as Strava has it now; null when it is gone or the connection cannot ask. */
  async function currentAtStrava(accountId: string, stravaActivityId: string): Promise<StravaActivity | null> {
    try {
      return await strava.withAccessToken(accountId, (token) => client.get<StravaActivity>(token, `/activities/${stravaActivityId}`));
    } catch (error) {
      if (error instanceof StravaRequestFailed && error.status === 404) return null;
      if (error instanceof StravaConnectionBroken || error instanceof StravaUnauthorized) return null;
      throw error;
    }
  }

  async function handleWebhook(event: StravaWebhookEvent) {
    // Webhook calls carry no signature, so destructive events are confirmed with Strava first:
    // a forged "deauthorized" or "deleted" event must not erase anyone's data.
    if (event.object_type === 'athlete') {
      if (event.updates?.authorized !== 'false') return;
      const connection = await repo.findByAthlete(String(event.owner_id));
      if (!connection) return;
      if (await stillAuthorized(connection.accountId)) {
        log.warn({ owner: event.owner_id }, 'Ignored a deauthorization event Strava does not confirm');
        return;
      }
      await strava.athleteDeauthorized(String(event.owner_id));
      return;
    }
    const connection = await repo.findByAthlete(String(event.owner_id));
    if (!connection) return;
    const accountId = connection.accountId;
    const source = sourceOfConnection(connection);
    const stravaActivityId = String(event.object_id);
    // While Strava refuses the app nothing can be checked with it: the activity is held, and read
    // again when the sync resumes (a pause Strava's first 403 reveals mid-event lands here too).
    if (await deps.pause.current()) {
      await holdForResume(accountId, stravaActivityId);
      return;
    }
    try {
      await handleActivityEvent(event, accountId, source, stravaActivityId);
    } catch (error) {
      if (!(error instanceof StravaAppPaused || error instanceof StravaAppInactive)) throw error;
      await holdForResume(accountId, stravaActivityId);
    }
  }

  async function holdForResume(accountId: string, stravaActivityId: string) {
    if ((await repo.holdPausedActivity(accountId, stravaActivityId, MAX_PAUSED_ACTIVITIES)) === 'full') {
      log.warn(
        { accountId, stravaActivityId, held: MAX_PAUSED_ACTIVITIES },
        'Strava sync is paused and this account already holds the most events kept for the resume; this one is dropped',
      );
      return;
    }
    // The replay runs with the account's incremental sync. One is queued for just after another
    // instance could still have seen the pause: an event held as the pause ended is not left
    // waiting for the next one. While paused it ends at once, asking nothing of Strava.
    await queue.send(jobs.incrementalSync, { accountId }, { singletonKey: accountId, startAfter: new Date(Date.now() + 2 * PAUSE_SEEN_WITHIN_MS) });
  }

  async function handleActivityEvent(event: StravaWebhookEvent, accountId: string, source: 'demo' | 'strava', stravaActivityId: string) {
    const existing = await activities.findBySourceKey(accountId, source, stravaActivityId);
    if (event.aspect_type === 'delete') {
      if (existing && !(await stillExists(accountId, stravaActivityId))) await activities.remove(accountId, existing.id);
      return;
    }
    if (event.aspect_type === 'update' && existing) {
      // Anyone can post an event, and its `updates` are only its word: what is applied is what
      // Strava itself answers for the activity, read with the athlete's own token.
      const current = await currentAtStrava(accountId, stravaActivityId);
      if (!current) return;
      const { name, type, sportType } = summaryValues(current, source);
      await activities.update(accountId, existing.id, { name, type, sportType });
      return;
    }
    await queue.send(jobs.activityDetail, { accountId, stravaActivityId }, { singletonKey: stravaActivityId });
  }

  /**
   * Reads again every activity an event named while the sync was paused, and stores what Strava
   * has now: a renamed or retyped one updated, a deleted one removed, a new one fetched. Each is
   * released once applied, so a replay cut short (an instance stopped, the pause back) resumes
   * where it was. A connection that cannot ask Strava keeps them until the athlete reconnects.
   */
  async function replayPausedActivities(accountId: string, source: 'demo' | 'strava'): Promise<void> {
    for (;;) {
      const held = await repo.pausedActivities(accountId, REPLAY_BATCH);
      if (held.length === 0) return;
      for (const stravaActivityId of held) {
        let current: StravaActivity | null;
        try {
          current = await strava.withAccessToken(accountId, (token) => client.get<StravaActivity>(token, `/activities/${stravaActivityId}`));
        } catch (error) {
          if (error instanceof StravaRequestFailed && error.status === 404) current = null;
          else if (error instanceof StravaConnectionBroken || error instanceof StravaUnauthorized) return;
          else throw error;
        }
        const existing = await activities.findBySourceKey(accountId, source, stravaActivityId);
        if (!current) {
          if (existing) await activities.remove(accountId, existing.id);
        } else if (existing) {
          const { name, type, sportType } = summaryValues(current, source);
          await activities.update(accountId, existing.id, { name, type, sportType });
        } else {
          await queue.send(jobs.activityDetail, { accountId, stravaActivityId }, { singletonKey: stravaActivityId });
        }
        await repo.releasePausedActivity(accountId, stravaActivityId);
      }
    }
  }

  /**
   * A backfilled history is scored in one pass, oldest first, once its last detail has arrived, so
   * every activity's defaults (FTP, max heart rate) see the history before it. After that, each
   * new activity is scored on its own.
   */
  async function scoreAfterDetail(accountId: string, activityId: string) {
    const connection = await strava.connection(accountId);
    if (!connection) return;
    if (connection.historyScored) {
      await activities.ingested(accountId, activityId);
      return;
    }
    if (!connection.backfillDone || (await repo.activitiesWithoutDetail(accountId)).length > 0) return;
    await repo.markHistoryScored(accountId);
    await activities.historyImported(accountId);
  }

  async function storeSummaries(accountId: string, list: StravaActivity[], source: 'strava' | 'demo') {
    for (const summary of list) {
      const existing = await activities.findBySourceKey(accountId, source, String(summary.id));
      // The list answer lacks detail fields; never overwrite a fetched detail with a summary.
      if (existing?.detailFetchedAt) continue;
      await activities.upsert(accountId, summaryValues(summary, source));
      await queue.send(jobs.activityDetail, { accountId, stravaActivityId: String(summary.id) }, { singletonKey: String(summary.id) });
    }
  }

  /**
   * A job over the account's Strava connection, one at a time per account: nothing to do once the
   * connection is gone. Two accounts' at once on each instance, each on a worker of its own: a
   * backfill page stores a whole page of activities and can run for seconds, and an athlete who
   * connects meanwhile must not wait for another's page before seeing their own activities.
   */
  function connectionJob(name: string, run: (accountId: string, connection: StravaConnectionRow, source: 'demo' | 'strava') => Promise<void>) {
    const job: JobDefinition<typeof accountJob> = {
      name,
      payload: accountJob,
      policy: 'stately',
      workers: 2,
      handler: async (data) =>
        guarded(job, data, data.accountId, async () => {
          const connection = await strava.connection(data.accountId);
          if (connection) await run(data.accountId, connection, sourceOfConnection(connection));
        }),
    };
    return job;
  }

  const jobs: StravaJobs = {
    backfill: connectionJob('strava.backfill', async (accountId, connection, source) => {
      if (connection.backfillDone) return;
      const before = connection.backfillBefore ?? Math.floor(Date.now() / 1000) + 60;
      const page = await strava.withAccessToken(accountId, (token) =>
        client.get<StravaActivity[]>(token, '/athlete/activities', { before, per_page: LIST_PAGE_SIZE, page: 1 }),
      );
      await storeSummaries(accountId, page, source);
      const oldest = Math.min(...page.map((activity) => Math.floor(Date.parse(activity.start_date) / 1000)));
      const done = page.length < LIST_PAGE_SIZE;
      await repo.updateProgress(accountId, {
        // +1: `before` is exclusive, and activities sharing the oldest second may continue on the next page.
        backfillBefore: page.length > 0 ? oldest + 1 : before,
        backfillDone: done,
        lastSyncAt: new Date(),
      });
      if (!done) await queue.send(jobs.backfill, { accountId }, { singletonKey: accountId });
    }),

    activityDetail: {
      name: 'strava.activity-detail',
      payload: activityJob,
      policy: 'stately',
      concurrency: 4,
      handler: async (data) =>
        guarded(jobs.activityDetail, data, data.stravaActivityId, async () => {
          const source = await sourceOf(data.accountId);
          const stored = await activities.findBySourceKey(data.accountId, source, data.stravaActivityId);
          // A retried job asks Strava only for what an earlier attempt did not store: the detail is
          // kept as soon as it arrives, and detailFetchedAt is set once the streams are in too.
          if (stored?.detailFetchedAt) {
            await scoreAfterDetail(data.accountId, stored.id);
            return;
          }
          let detail = stored?.detailedData ? (stored.detailedData as StravaActivity) : null;
          let activityId = stored?.id;
          let streamSet: StravaStreamSet;
          try {
            if (!detail || !activityId) {
              const fetched = await strava.withAccessToken(data.accountId, (token) =>
                client.get<StravaActivity>(token, `/activities/${data.stravaActivityId}`),
              );
              activityId = (await activities.upsert(data.accountId, { ...detailValues(fetched, source), detailFetchedAt: null })).id;
              detail = fetched;
            }
            streamSet = await strava.withAccessToken(data.accountId, (token) =>
              client.get<StravaStreamSet>(token, `/activities/${data.stravaActivityId}/streams`, {
                keys: STRAVA_STREAM_KEYS.join(','),
                key_by_type: true,
              }),
            );
          } catch (error) {
            // Deleted at Strava in the meantime: nothing to fetch (the delete event removes the row).
            if (error instanceof StravaRequestFailed && error.status === 404) return;
            throw error;
          }
          const streams = fromStravaStreams(streamSet);
          if (streams) await activities.saveStreams(activityId, streams);
          const { id } = await activities.upsert(data.accountId, detailValues(detail, source));
          await scoreAfterDetail(data.accountId, id);
        }),
    },

    incrementalSync: connectionJob('strava.incremental-sync', async (accountId, connection, source) => {
      await replayPausedActivities(accountId, source);
      const latest = await repo.latestStartDate(accountId);
      const after = latest ? Math.floor(latest.getTime() / 1000) - INCREMENTAL_OVERLAP_S : 0;
      for (let page = 1; ; page += 1) {
        const list = await strava.withAccessToken(accountId, (token) =>
          client.get<StravaActivity[]>(token, '/athlete/activities', { after, per_page: LIST_PAGE_SIZE, page }),
        );
        await storeSummaries(accountId, list, source);
        if (list.length < LIST_PAGE_SIZE) break;
      }
      // Anything whose detail fetch was lost (e.g. dropped after too many failures) is asked for again.
      for (const stravaActivityId of await repo.activitiesWithoutDetail(accountId)) {
        await queue.send(jobs.activityDetail, { accountId, stravaActivityId }, { singletonKey: stravaActivityId });
      }
      await repo.updateProgress(accountId, { lastSyncAt: new Date() });
      if (!connection.backfillDone) await queue.send(jobs.backfill, { accountId }, { singletonKey: accountId });
    }),

    webhook: {
      name: 'strava.webhook',
      payload: z.object({ event: stravaWebhookEvent }),
      handler: async (data) => guarded(jobs.webhook, data, webhookKey(data.event), () => handleWebhook(data.event)),
    },

    purge: {
      name: 'strava.purge',
      payload: z.object({}),
      handler: async () => {
        await repo.forgetWebhookEventsBefore(new Date(Date.now() - 30 * 86_400_000));
        if (deps.policy.dataPolicy !== 'strict') return;
        const cutoff = new Date(Date.now() - deps.policy.cacheDays * 86_400_000);
        const purged = await repo.purgeStravaPayloads(cutoff);
        if (purged > 0) log.info({ purged }, 'Purged Strava streams past the cache window (strict data policy)');
      },
    },

    all: [],
    names: [],
  };
  jobs.all = [jobs.backfill, jobs.activityDetail, jobs.incrementalSync, jobs.webhook, jobs.purge] as JobDefinition<z.ZodType>[];
  jobs.names = jobs.all.map((job) => job.name);
  return jobs;
}
