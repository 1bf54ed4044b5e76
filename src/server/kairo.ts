import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { languageModelFor } from './ai/provider.ts';
import { createStructuredModel } from './ai/structured-model.ts';
import type { Config } from './config.ts';
import { configuredDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { createInvalidationChannel } from './db/invalidation.ts';
import { createAuthRepo } from './features/auth/repo.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerGoogleAuth } from './features/auth/google.ts';
import { googleProvider } from './features/auth/google-provider.ts';
import { createAuthService } from './features/auth/service.ts';
import { createSessionStore } from './features/auth/sessions.ts';
import { registerAppInfoRoutes } from './features/app-info/routes.ts';
import { createMetricsJobs } from './features/activities/metrics-jobs.ts';
import { createMetricsRepo } from './features/activities/metrics-repo.ts';
import { createMetricsService } from './features/activities/metrics-service.ts';
import { createActivitiesRepo } from './features/activities/repo.ts';
import { registerActivityRoutes } from './features/activities/routes.ts';
import { createActivitiesService } from './features/activities/service.ts';
import { builtinCoach } from './features/analysis/coach/coach.ts';
import { createLlmCoach } from './features/analysis/coach/llm.ts';
import { createAnalysisCompletionJob, createAnalysisJob } from './features/analysis/jobs.ts';
import { createAnalysisRepo } from './features/analysis/repo.ts';
import { registerAnalysisRoutes } from './features/analysis/routes.ts';
import { createAnalysisService } from './features/analysis/service.ts';
import { createCalendarFeedRepo } from './features/plans/calendar-feed-repo.ts';
import { registerPlanFileRoutes } from './features/plans/files-routes.ts';
import { createPlanFilesService } from './features/plans/files-service.ts';
import { createPlansRepo } from './features/plans/repo.ts';
import { builtinProfileWriter, createLlmProfileWriter } from './features/profile/llm.ts';
import { createProfileCompletionJob } from './features/profile/jobs.ts';
import { createProfileRepo } from './features/profile/repo.ts';
import { registerProfileRoutes } from './features/profile/routes.ts';
import { createProfileService } from './features/profile/service.ts';
import { registerPlanRoutes } from './features/plans/routes.ts';
import { createPlansService } from './features/plans/service.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { createArchiveImportJob } from './features/imports/jobs.ts';
import { createImportsRepo } from './features/imports/repo.ts';
import { registerImportRoutes } from './features/imports/routes.ts';
import { createImportsService } from './features/imports/service.ts';
import { createStravaClient } from './features/strava/client.ts';
import { createStravaJobs } from './features/strava/jobs.ts';
import { createStravaBudget } from './features/strava/rate-limiter.ts';
import { createStravaRepo } from './features/strava/repo.ts';
import { registerStravaRoutes } from './features/strava/routes.ts';
import { createStravaService } from './features/strava/service.ts';
import { stravaSetup } from './features/strava/setup.ts';
import { createSettingsRepo } from './features/settings/repo.ts';
import { registerSettingsRoutes } from './features/settings/routes.ts';
import { createSettingsService, type SettingsService } from './features/settings/service.ts';
import { createTrackingRepo } from './features/tracking/repo.ts';
import { createWellnessRepo, createWellnessService, registerWellnessRoutes } from './features/wellness/index.ts';
import { registerTrackingRoutes } from './features/tracking/routes.ts';
import { createTrackingService } from './features/tracking/service.ts';
import { createHttpApp } from './http/app.ts';
import { createThrottles } from './http/rate-limit.ts';
import { registerOpenApiRoute } from './http/openapi.ts';
import type { z } from 'zod';
import { createHousekeepingJob, HOUSEKEEPING_CRON } from './jobs/housekeeping.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from './jobs/queue.ts';
import { createMailer } from './mail/mailer.ts';
import { createTokenCipher } from './security/token-cipher.ts';
import { closeHttpServer } from './shutdown.ts';
import { createOperatorMetrics, registerMetricsRoute } from './observability/metrics.ts';

export interface Kairo {
  app: FastifyInstance;
  database: DatabaseHandle;
  queue: JobQueue;
  /** Every job definition by name (tests and benches send or wait for them). */
  jobs: ReadonlyMap<string, JobDefinition<z.ZodType>>;
  /** The origin browsers use, e.g. http://localhost:3000. */
  url: string;
  /** Readiness fails from now on (a shutdown begins); requests and jobs still run. */
  drain(): void;
  /** Stops jobs and HTTP: in-flight requests and running jobs get `graceMs` (default 5 s), then the database closes. */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * The composition root: config -> database + migrations -> services -> HTTP, listening.
 * `database` may be passed in (tests share one handle per suite); otherwise it is opened from config.
 */
export async function startKairo(config: Config, options: { database?: DatabaseHandle } = {}): Promise<Kairo> {
  const database = options.database ?? (await openDatabase(configuredDatabase(config)));
  await database.migrate();

  let publicUrl = config.publicUrl ?? '';
  const getPublicUrl = () => publicUrl;

  const invalidation = await createInvalidationChannel(database, () => app.log);
  const sessions = createSessionStore(
    database.db,
    { secret: config.sessionSecret, idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, cacheMs: config.sessionCacheMs },
    invalidation,
  );
  const { app, cookie, outage } = await createHttpApp({ config, database, sessions, publicUrl: getPublicUrl });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const throttles = createThrottles(database.db);
  const authRepo = createAuthRepo(database.db);
  const auth = createAuthService({
    repo: authRepo,
    sessions,
    mailer,
    publicUrl: getPublicUrl,
    sessionAbsoluteMs: config.sessionAbsoluteMs,
    log: app.log,
    throttles,
  });

  let draining = false;
  registerHealthRoutes(app, database, { draining: () => draining });
  registerOpenApiRoute(app);
  registerAppInfoRoutes(app, { feedbackUrl: config.community.feedbackUrl ?? null, socialUrl: config.community.socialUrl ?? null, map: config.map });
  registerAuthRoutes(app, { auth, cookie });
  const provider = await googleProvider(app, config, getPublicUrl);
  await registerGoogleAuth(app, { auth, cookie, publicUrl: getPublicUrl, provider });
  registerTrackingRoutes(app, createTrackingService(createTrackingRepo(database.db), throttles));

  const queue = createJobQueue(database, app.log, { outage });
  const housekeepingJob = createHousekeepingJob({ purgeSessions: () => sessions.purgeExpired(), purgeThrottles: () => throttles.purgeExpired(), log: app.log });
  queue.define(housekeepingJob);
  const activitiesRepo = createActivitiesRepo(database.db);
  // Settings read activities and Strava, and the metrics read the thresholds set in settings: the
  // settings service is made once those exist, and the metrics reach it only when they run.
  let settings: SettingsService | null = null;
  const metrics = createMetricsService({
    repo: createMetricsRepo(database.db),
    activities: activitiesRepo,
    thresholds: (accountId) => {
      if (!settings) throw new Error('metrics ran before the settings service was made');
      return settings.thresholds(accountId);
    },
    dataPolicy: config.strava.dataPolicy,
  });
  const metricsJobs = createMetricsJobs(metrics);
  queue.define(metricsJobs.activity);
  queue.define(metricsJobs.account);
  queue.define(metricsJobs.fitness);
  const activities = createActivitiesService({ repo: activitiesRepo, metrics, queue, metricsJobs, invalidation });
  registerActivityRoutes(app, activities);
  const wellness = createWellnessService({ repo: createWellnessRepo(database.db), activities });
  await registerWellnessRoutes(app, wellness);

  const importsRepo = createImportsRepo(database.db);
  const uploadDir = join(config.dataDir, 'imports');
  const archiveJob = createArchiveImportJob({ repo: importsRepo, activities, log: app.log, workDir: uploadDir });
  queue.define(archiveJob);
  const imports = createImportsService({ repo: importsRepo, activities, queue, archiveJob });
  await registerImportRoutes(app, { imports, uploadDir });

  const setup = await stravaSetup(app, config, getPublicUrl);
  const stravaBudget = createStravaBudget(database.db, { clientId: setup.clientId, shortWindowMs: config.strava.rateWindowMs });
  const operatorMetrics = createOperatorMetrics({ queueStats: () => queue.stats(), stravaBudget: () => stravaBudget.windows() });
  registerMetricsRoute(app, operatorMetrics, config.metricsToken);
  const stravaClient = createStravaClient({
    baseUrl: setup.baseUrl,
    clientId: setup.clientId,
    clientSecret: setup.clientSecret,
    budget: stravaBudget,
    backoffMs: config.strava.backoffMs,
    ...(setup.fetch ? { fetch: setup.fetch } : {}),
  });
  let onStravaConnected: (accountId: string) => Promise<void> = async () => undefined;
  const strava = createStravaService({
    setup,
    client: stravaClient,
    repo: createStravaRepo(database.db, { rowLocks: database.kind === 'postgres' }),
    cipher: createTokenCipher(config.tokenEncryptionKey),
    activities,
    publicUrl: getPublicUrl,
    onConnected: (accountId) => onStravaConnected(accountId),
    dataPolicy: config.strava.dataPolicy,
  });
  const stravaJobs = createStravaJobs({
    queue,
    strava,
    client: stravaClient,
    activities,
    log: app.log,
    policy: { dataPolicy: config.strava.dataPolicy, cacheDays: config.strava.cacheDays },
    backoffMs: config.strava.backoffMs,
  });
  for (const job of stravaJobs.all) queue.define(job);

  const accountSettings = createSettingsService({ repo: createSettingsRepo(database.db), activities, strava });
  settings = accountSettings;
  registerSettingsRoutes(app, accountSettings);
  // One language model for every writer (analysis, profile); without one the built-in writers write.
  const ai = config.ai ? createStructuredModel({ model: languageModelFor(config.ai), timeoutMs: config.ai.timeoutMs, log: app.log, observe: operatorMetrics.llm }) : undefined;
  const coach = ai ? createLlmCoach({ ai, policy: config.strava.dataPolicy }) : builtinCoach;
  // Spec §6 blocks plans (and the profile page) until Strava is connected; an athlete who brings
  // their activities in by file has their training data connected as well (ADR 0017).
  const hasTrainingData = async (accountId: string) => (await strava.status(accountId)).connected || (await activities.count(accountId)) > 0;
  const plans = createPlansService({
    repo: createPlansRepo(database.db),
    activities,
    hasTrainingData,
    plansChanged: (accountId) => accountSettings.analysesStale(accountId),
    effectiveFtp: async (accountId, now) => {
      const ftp = (await accountSettings.effectiveThresholds(accountId, now)).cycling.ftpW;
      return ftp && { watts: ftp.value, source: ftp.source };
    },
  });
  // ADR 0018: the history is pending while a Strava backfill runs or some activity waits for its metrics.
  const historyPending = async (accountId: string) => {
    const connection = await strava.status(accountId);
    return (connection.connected && !connection.backfillDone) || (await activities.metricsPending(accountId));
  };
  // The job is defined before the service it runs, which queues it; its handler reads the service when it runs.
  const analysisCompletionJob = createAnalysisCompletionJob({ completeAfterHistory: (accountId) => analysis.completeAfterHistory(accountId) });
  const analysis = createAnalysisService({
    repo: createAnalysisRepo(database.db),
    activities,
    coach,
    settings: accountSettings,
    plans,
    trackingAthleteName: async (accountId) => (await strava.status(accountId)).athleteName,
    dataPolicy: config.strava.dataPolicy,
    historyPending,
    historyCompleted: async (accountId) => {
      await queue.send(analysisCompletionJob, { accountId }, { singletonKey: accountId });
    },
    accountAccess: (accountId) => authRepo.findAccountById(accountId),
    throttles,
    wellness,
  });
  const analysisJob = createAnalysisJob(analysis);
  queue.define(analysisJob);
  queue.define(analysisCompletionJob);
  activities.onMetricsComputed(async ({ accountId }) => {
    if (await analysis.awaitsHistory(accountId)) await queue.send(analysisCompletionJob, { accountId }, { singletonKey: accountId });
  });
  activities.onMetricsComputed(async (event) => {
    // A duplicate recording (see activity-duplicates ADR) is not shown, so it gets no analysis of its own.
    const activity = await activities.find(event.accountId, event.activityId);
    if (!activity || activity.duplicateOf) return;
    await queue.send(analysisJob, event, { singletonKey: event.activityId });
  });
  registerAnalysisRoutes(app, analysis);

  onStravaConnected = async (accountId) => {
    await queue.send(stravaJobs.backfill, { accountId }, { singletonKey: accountId });
  };
  registerStravaRoutes(app, {
    strava,
    auth,
    jobs: stravaJobs,
    queue,
    cookie,
    verifyToken: config.strava.webhookVerifyToken,
    publicUrl: getPublicUrl,
  });

  registerPlanRoutes(app, plans);
  registerPlanFileRoutes(app, createPlanFilesService({ plans, feeds: createCalendarFeedRepo(database.db), thresholds: (accountId, now) => accountSettings.effectiveThresholds(accountId, now), publicUrl: getPublicUrl }));

  const profile = createProfileService({
    repo: createProfileRepo(database.db),
    activities,
    writer: ai ? createLlmProfileWriter({ ai, policy: config.strava.dataPolicy }) : builtinProfileWriter,
    athlete: async (accountId) => {
      const { weightKg, thresholds } = await accountSettings.athleteFacts(accountId);
      const ftp = thresholds.cycling.ftpW;
      const sources = ftp?.source === 'strava' ? (['strava'] as const) : (ftp?.evidence.map((entry) => entry.source) ?? []);
      return { weightKg, ftp: ftp && { watts: ftp.value, source: ftp.source, sources: [...new Set(sources)] } };
    },
    historyPending,
    hasTrainingData,
  });
  const profileCompletionJob = createProfileCompletionJob(profile);
  queue.define(profileCompletionJob);
  activities.onMetricsComputed(async ({ accountId }) => {
    if (await profile.awaitsHistory(accountId)) await queue.send(profileCompletionJob, { accountId }, { singletonKey: accountId });
  });
  registerProfileRoutes(app, profile);

  // Before the first request: a request may queue a job (connecting Strava, importing an archive).
  await queue.start();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (!config.publicUrl) {
    const host = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(config.host) ? 'localhost' : config.host;
    publicUrl = `http://${host}:${port}`;
  }

  // Handlers run only now: Strava's address in demo mode is this server's own public URL.
  await queue.work();
  await activities.storeMissingFitness();
  await queue.schedule(stravaJobs.purge, '17 3 * * *');
  await queue.schedule(housekeepingJob, HOUSEKEEPING_CRON);
  if (setup.demo || publicUrl.startsWith('https://')) {
    // Strava can only call back a public https address; the simulator calls back in-process.
    await strava
      .ensureWebhookSubscription(`${publicUrl}/api/webhooks/strava`, config.strava.webhookVerifyToken)
      .catch((error: unknown) => app.log.warn({ err: error }, 'Strava webhook subscription failed; force sync still works'));
  }


  return {
    app,
    database,
    queue,
    jobs: new Map(
      [housekeepingJob, archiveJob, metricsJobs.activity, metricsJobs.account, metricsJobs.fitness, analysisJob, analysisCompletionJob, profileCompletionJob, ...stravaJobs.all].map((job) => [job.name, job as JobDefinition<z.ZodType>]),
    ),
    url: publicUrl,
    drain() {
      draining = true;
    },
    async close({ graceMs = 5_000 } = {}) {
      draining = true;
      // Jobs are no longer fetched, but requests in flight may still queue one: the queue stops after them.
      const deadline = Date.now() + graceMs;
      await queue.pause();
      await closeHttpServer(app, graceMs);
      await queue.stop({ graceMs: Math.max(0, deadline - Date.now()) });
      await auth.settled();
      await invalidation.close();
      if (!options.database) await database.close();
    },
  };
}
