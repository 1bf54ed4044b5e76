import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { stravaConnected } from '../../events/domain-events.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { TokenCipher } from '../../security/token-cipher.ts';
import type { ActivitiesService } from '../activities/index.ts';
import { createStravaAppPause, type StravaRefusalObserver } from './app-pause.ts';
import { createStravaClient } from './client.ts';
import { createStravaJobs } from './jobs.ts';
import { createStravaBudget } from './rate-limiter.ts';
import { createStravaRepo } from './repo.ts';
import { createStravaService, type StravaRuntime } from './service.ts';

/** Strava: the connection, sync (backfill, webhooks, force sync) and the Strava data policy. */
export type { StravaRuntime, StravaService, StravaSetup } from './service.ts';
export type { StravaJobs } from './jobs.ts';
export type { StravaPauseCause, StravaRefusalCause, StravaRefusalObserver } from './app-pause.ts';
export { stravaSetup } from './setup.ts';
export { registerStravaRoutes } from './routes.ts';
export { trainingHistory } from './history.ts';

export function createStrava(deps: {
  database: Database;
  config: Config;
  setup: StravaRuntime;
  cipher: TokenCipher;
  activities: ActivitiesService;
  publicUrl: () => string;
  queue: JobQueue;
  events: EventBus;
  log: FastifyBaseLogger;
  /** Token refresh locks the connection row (PostgreSQL); PGlite has one connection and no one to race. */
  rowLocks: boolean;
  /** The operator's metrics hear each refusal of the app by Strava (ADR 0067). */
  observe?: StravaRefusalObserver;
}) {
  const { database, config, setup, cipher, activities, publicUrl, queue, events, log } = deps;
  // Strava's rate budget is the application's, shared by every instance through the database (ADR 0041).
  const budget = createStravaBudget(database, { clientId: setup.clientId, shortWindowMs: config.strava.rateWindowMs });
  const repo = createStravaRepo(database, { rowLocks: deps.rowLocks });
  // Strava refusing the whole app pauses the sync app-wide (ADR 0067); when it ends, every
  // connected athlete gets an incremental sync, which also fetches what the pause left undone and
  // replays the activities webhook events named during the pause.
  const pause = createStravaAppPause(database, {
    clientId: setup.clientId,
    log,
    ...(deps.observe ? { observe: deps.observe } : {}),
    onResumed: async () => {
      for (const accountId of await repo.connectedAccountIds()) {
        await queue.send(jobs.incrementalSync, { accountId }, { singletonKey: accountId });
      }
    },
  });
  const client = createStravaClient({
    baseUrl: setup.baseUrl,
    apiUrl: setup.apiUrl,
    pause: {
      current: () => pause.current(),
      pause: (cause, detail) => pause.pause(cause, detail),
      succeeded: async () => {
        await pause.resume('a Strava call succeeded');
      },
      athleteLimit: (detail) => {
        deps.observe?.refused('athlete_limit');
        log.warn(
          { strava: { cause: 'athlete_limit', clientId: setup.clientId, answer: detail.slice(0, 300) } },
          "Strava refused an athlete's authorization: the app serves as many athletes as its tier allows (Standard: 10). Nothing stored changed. See docs/decisions/0067.",
        );
      },
    },
    clientId: setup.clientId,
    clientSecret: setup.clientSecret,
    budget,
    backoffMs: config.strava.backoffMs,
    ...(setup.fetch ? { fetch: setup.fetch } : {}),
  });
  const dataPolicy = config.strava.dataPolicy;
  const service = createStravaService({ setup, client, repo, cipher, activities, publicUrl, events, dataPolicy, pause });
  const jobs = createStravaJobs({
    queue,
    strava: service,
    repo,
    client,
    activities,
    log,
    pause,
    policy: { dataPolicy, cacheDays: config.strava.cacheDays },
    backoffMs: config.strava.backoffMs,
  });
  events.subscribe(stravaConnected, { job: jobs.backfill, singletonKey: ({ accountId }) => accountId });

  /**
   * An instance starting is the operator acting (ADR 0067): a pause ends, and every connected
   * athlete's sync resumes. Without one, an account still holding events from a pause whose replay
   * an instance stop cut short gets its sync (and so the rest of the replay) now.
   */
  async function instanceStarted(): Promise<void> {
    if (await pause.resume('an instance started')) return;
    for (const accountId of await repo.accountsWithPausedActivities()) {
      await queue.send(jobs.incrementalSync, { accountId }, { singletonKey: accountId });
    }
  }

  return { service, jobs, budget, pause, instanceStarted };
}
