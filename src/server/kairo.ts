import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadStructuredModel } from './ai/load.ts';
import type { Config } from './config.ts';
import { configuredDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { createInvalidationChannel } from './db/invalidation.ts';
import { accountOfJob, accountWritesAnnouncer, ACCOUNT_WROTE, announceAccountWrites } from './http/account-writes.ts';
import { createEventBus } from './events/bus.ts';
import { stravaConnected, wellnessChanged } from './events/domain-events.ts';
import { ORPHAN_JOB_SWEEP_CRON, createAccountDeletion, registerAccountDeletionRoutes } from './features/account-deletion/index.ts';
import { ACTIVITIES_WRITTEN, createActivities, registerActivityRoutes } from './features/activities/index.ts';
import { createAnalysis, registerAnalysisRoutes } from './features/analysis/index.ts';
import { DATA_EXPORT_SWEEP_CRON, createDataExport, registerDataExportRoutes } from './features/data-export/index.ts';
import { createApiTokens, registerApiTokenRoutes } from './features/api-tokens/index.ts';
import { createAskEngine, createAskKai, registerAskKaiRoutes } from './features/ask-kai/index.ts';
import { registerAppInfoRoutes } from './features/app-info/index.ts';
import { GOOGLE_CALLBACK_PATH, createAuth, googleProvider, registerAuthRoutes, registerGoogleAuth } from './features/auth/index.ts';
import { createSessionStore } from './http/sessions.ts';
import { registerHealthRoutes } from './features/health/index.ts';
import { createImports, registerImportRoutes } from './features/imports/index.ts';
import { createMcp, registerMcpRoutes } from './features/mcp/index.ts';
import { createCalendar, registerCalendarRoutes } from './features/calendar/index.ts';
import { createSeason, registerSeasonRoutes } from './features/season/index.ts';
import { createFitnessForecastService, registerFitnessForecastRoutes } from './features/fitness-forecast/index.ts';
import { createDayPlan, createPlanAdjustments, createPlanFiles, createPlans, registerAdjustmentRoutes, registerDayPlanRoutes, registerPlanFileRoutes, registerPlanRoutes } from './features/plans/index.ts';
import { createProfile, registerProfileRoutes } from './features/profile/index.ts';
import {
  createActivityScores,
  FITNESS_WRITTEN,
  createScoringJobs,
  createScoringService,
  queueMissingFitness,
  registerScoringRoutes,
} from './features/scoring/index.ts';
import { createScoringThresholds, createSettings, registerSettingsRoutes } from './features/settings/index.ts';
import { createStrava, registerStravaRoutes, stravaSetup, trainingHistory } from './features/strava/index.ts';
import { createTracking, registerTrackingRoutes } from './features/tracking/index.ts';
import { createWellnessRepo, createWellnessService, registerWellnessRoutes } from './features/wellness/index.ts';
import { mountDemoIdp } from './demo/google-idp.ts';
import { mountDemoStrava, sharedDemoStrava } from './demo/strava.ts';
import { createDemoWellnessJob } from './demo/wellness-history.ts';
import { createHttpApp } from './http/app.ts';
import { registerOpenApiRoute } from './http/openapi.ts';
import { createThrottles } from './http/rate-limit.ts';
import type { z } from 'zod';
import { createHousekeepingJob, HOUSEKEEPING_CRON } from './jobs/housekeeping.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from './jobs/queue.ts';
import { createMailer } from './mail/mailer.ts';
import { checkSharedSecrets, configuredFingerprints } from './security/shared-secrets.ts';
import { createOperatorMetrics, registerMetricsRoute, startMetricsListener } from './observability/metrics.ts';
import { createTokenCipher } from './security/token-cipher.ts';
import { closeHttpServer } from './shutdown.ts';

export interface Kairo {
  app: FastifyInstance;
  database: DatabaseHandle;
  queue: JobQueue;
  /** Every job definition by name (tests and benches send or wait for them). */
  jobs: ReadonlyMap<string, JobDefinition<z.ZodType>>;
  /** The origin browsers use, e.g. http://localhost:3000. */
  url: string;
  /** The metrics listener's own origin when METRICS_PORT is set (GET <metricsUrl>/metrics). */
  metricsUrl: string | undefined;
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
  // Before anything is served: an instance whose shared secrets differ from the database's refuses (ADR 0066).
  await checkSharedSecrets(database.db, configuredFingerprints(config));

  let publicUrl = config.publicUrl ?? '';
  const getPublicUrl = () => publicUrl;

  // Every instance drops its cached sessions and first pages when another one changes them (ADR 0041).
  const invalidation = await createInvalidationChannel(database, () => app.log);
  const sessions = createSessionStore(
    database.db,
    { secret: config.sessionSecret, idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, cacheMs: config.sessionCacheMs },
    invalidation,
  );
  // Personal access tokens (ADR 0074): looked up on every request that sends one, never cached.
  const apiTokens = createApiTokens({ database: database.db, throttles: createThrottles(database.db) });
  const { app, cookie, outage } = await createHttpApp({ config, database, sessions, apiTokens, publicUrl: getPublicUrl });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const throttles = createThrottles(database.db);
  const { service: auth, accountAccess } = createAuth({
    database: database.db,
    sessions,
    mailer,
    publicUrl: getPublicUrl,
    sessionAbsoluteMs: config.sessionAbsoluteMs,
    log: app.log,
    throttles,
    confirmRegistrations: config.smtpUrl !== undefined,
  });

  let draining = false;
  registerHealthRoutes(app, database, { draining: () => draining });
  registerOpenApiRoute(app);
  registerAppInfoRoutes(app, { feedbackUrl: config.community.feedbackUrl ?? null, socialUrl: config.community.socialUrl ?? null, map: config.map });
  registerAuthRoutes(app, { auth, cookie });
  registerApiTokenRoutes(app, apiTokens);
  const provider = await googleProvider(config, () => mountDemoIdp(app, { publicUrl: getPublicUrl, callbackPath: GOOGLE_CALLBACK_PATH }));
  await registerGoogleAuth(app, { auth, cookie, publicUrl: getPublicUrl, provider });
  registerTrackingRoutes(app, createTracking(database.db, throttles));

  // Features hear of each other's changes through events delivered as jobs (src/server/events);
  // each subscribes as it is made, before the queue starts.
  // Every write on behalf of an account is announced (ADR 0090): by its requests, its jobs and its analyses.
  const accountWrote = accountWritesAnnouncer(invalidation, () => app.log);
  announceAccountWrites(app, accountWrote);
  const queue = createJobQueue(database, app.log, {
    outage,
    retryDelayS: config.jobs.retryDelayS,
    superviseIntervalS: config.jobs.superviseIntervalS,
    completed: async (payload) => {
      const accountId = accountOfJob(payload);
      if (accountId) await accountWrote(accountId);
    },
  });
  const events = createEventBus(queue);
  const dataPolicy = config.strava.dataPolicy;
  const housekeepingJob = createHousekeepingJob({
    purgeSessions: () => sessions.purgeExpired(),
    purgeThrottles: () => throttles.purgeExpired(),
    purgeRegistrations: () => auth.purgeExpiredRegistrations(),
    log: app.log,
  });

  const activities = createActivities({ database: database.db, scores: createActivityScores(database.db), events, invalidation });
  registerActivityRoutes(app, activities);

  const uploadDir = join(config.dataDir, 'imports');
  const imports = createImports({ database: database.db, activities, queue, uploadDir, reading: config.imports, log: app.log });
  await registerImportRoutes(app, { imports: imports.service, uploadDir });

  const { demoUrl } = config.strava;
  const setup = await stravaSetup(config, () =>
    demoUrl ? sharedDemoStrava(app, demoUrl) : mountDemoStrava(app, { publicUrl: getPublicUrl, verifyToken: config.strava.webhookVerifyToken }),
  );
  const operatorMetrics = createOperatorMetrics({
    queueStats: () => queue.stats(),
    stravaBudget: () => strava.budget.windows(),
    stravaPause: async () => (await strava.pause.current())?.cause ?? null,
  });
  const strava = createStrava({
    observe: operatorMetrics.strava,
    database: database.db,
    config,
    setup,
    cipher: createTokenCipher(config.tokenEncryptionKey),
    activities,
    publicUrl: getPublicUrl,
    queue,
    events,
    log: app.log,
    rowLocks: database.kind === 'postgres',
  });
  registerMetricsRoute(app, operatorMetrics, { token: config.metrics.token, separatePort: config.metrics.port !== undefined });

  const scoring = createScoringService({
    database: database.db,
    activities,
    thresholds: createScoringThresholds({ database: database.db, strava: strava.service }),
    dataPolicy,
    invalidation,
    scoreActivity: imports.scoreActivity,
  });
  const scoringJobs = createScoringJobs(scoring, events);
  registerScoringRoutes(app, scoring);
  // The season (ADR 0083): curves over any range from the stored ones; W/kg reads the weights, so a check-in changes it.
  const season = createSeason({
    database: database.db,
    invalidation,
    storeMissingPowerCurves: (accountId, from) => scoring.storeMissingPowerCurves(accountId, from),
    alsoOn: [ACTIVITIES_WRITTEN, ACCOUNT_WROTE],
  });
  registerSeasonRoutes(app, season);
  const wellness = createWellnessService({
    repo: createWellnessRepo(database.db),
    activities,
    scoring,
    onChanged: async (accountId) => {
      await season.changed(accountId);
      await events.publish(wellnessChanged, { accountId });
    },
    // Settings are made below; this runs only on a request, after they are.
    onWeightRecorded: (accountId, weightKg) => settings.recordWeight(accountId, weightKg),
  });
  await registerWellnessRoutes(app, wellness);
  // Demo mode: a demo athlete connecting the simulated Strava gets a watch's wellness history too.
  const demoJobs = setup.demo ? [createDemoWellnessJob({ wellness, strava: strava.service })] : [];
  for (const job of demoJobs) events.subscribe(stravaConnected, { job, singletonKey: ({ accountId }) => accountId });

  const settings = createSettings({ database: database.db, scoring, strava: strava.service, events });
  registerSettingsRoutes(app, settings);

  // One language model for every writer (analysis, profile, adjustment reasons); without one the built-in writers write.
  const ai = config.ai ? await loadStructuredModel(config.ai, { log: app.log, observe: operatorMetrics.llm }) : undefined;
  const history = trainingHistory({ strava: strava.service, activities, scoring });
  const plans = createPlans({
    database: database.db,
    activities,
    scoring,
    settings,
    hasTrainingData: history.hasTrainingData,
    readinessHold: (accountId, plan) => dayPlan.readinessHold(accountId, plan),
  });
  const adjustments = createPlanAdjustments({ database: database.db, scoring, wellness, settings, events, ai, dataPolicy });
  // The day plan reads Kai's latest suggestion and the analysis reads the day plan's next session: bound late (ADR 0068).
  const dayPlan = createDayPlan({
    database: database.db,
    readinessOn: (accountId, date) => wellness.readinessOn(accountId, date),
    latestSuggestion: (accountId) => analysis.service.latestSuggestion(accountId),
    unitSystem: (accountId) => settings.unitSystem(accountId),
  });

  const analysis = createAnalysis({
    database: database.db,
    ai,
    queue,
    events,
    activities,
    scoring,
    settings,
    plans,
    trackingAthleteName: async (accountId) => (await strava.service.status(accountId)).athleteName,
    dataPolicy,
    historyPending: history.historyPending,
    accountAccess,
    throttles,
    wellness,
    dayPlan,
    written: accountWrote,
  });
  registerAnalysisRoutes(app, analysis.service);
  registerDayPlanRoutes(app, dayPlan);
  // The training calendar (ADR 0080): its sessions are the day plan's, its marks plan compliance's.
  registerCalendarRoutes(
    app,
    createCalendar({
      database: database.db,
      weekStartsOn: (accountId) => settings.weekStartsOn(accountId),
      dayPlan: (accountId, dates, today) => dayPlan.dates(accountId, dates, today),
      compliance: (accountId, span) => plans.activeCompliance(accountId, span),
      invalidation,
      totalsTopics: [ACTIVITIES_WRITTEN, FITNESS_WRITTEN],
      // The days carry the day plan's decision, which reads plans, proposals, readiness, settings and analyses.
      daysTopics: [ACTIVITIES_WRITTEN, FITNESS_WRITTEN, ACCOUNT_WROTE],
    }),
  );
  // The fitness forecast (ADR 0081): the stored series run on over the day plan's planned loads.
  registerFitnessForecastRoutes(
    app,
    createFitnessForecastService({
      fitness: (accountId, days, today) => scoring.fitness(accountId, days, today),
      plansOn: (accountId, day) => plans.activePlansOn(accountId, day),
      plannedLoads: (accountId, dates, today) => dayPlan.plannedLoads(accountId, dates, today),
    }),
  );

  // Ask Kai (issue 28): conversations answered from the athlete's own facts, by the built-in coach or the model.
  const askKai = createAskKai({
    database: database.db,
    engine: createAskEngine({ database: database.db, scoring, settings, dayPlan, plans, readinessOn: (accountId, date) => wellness.readinessOn(accountId, date), ai, dataPolicy }),
    activityName: async (accountId, activityId) => (await activities.find(accountId, activityId))?.name,
  });
  registerAskKaiRoutes(app, askKai);
  // The MCP server over the athlete's own data, Strava's fenced off, Kai answering with the built-in coach (ADR 0077),
  // each question counted against the same daily limit as Ask Kai's.
  const mcpAsk = askKai.counted(createAskEngine({ database: database.db, scoring, settings, dayPlan, plans, readinessOn: (accountId, date) => wellness.readinessOn(accountId, date), dataPolicy }));
  registerMcpRoutes(app, { service: createMcp({ database: database.db, activities, scoring, dayPlan, wellness, ask: mcpAsk }), tokens: apiTokens });

  registerStravaRoutes(app, {
    strava: strava.service,
    auth,
    jobs: strava.jobs,
    queue,
    cookie,
    verifyToken: config.strava.webhookVerifyToken,
    publicUrl: getPublicUrl,
  });

  const accountDeletion = createAccountDeletion({
    database: database.db,
    sessions,
    mailer,
    revokeStrava: (accountId) => strava.service.revokeGrant(accountId),
    throttles,
    uploadDir,
    log: app.log,
  });
  registerAccountDeletionRoutes(app, { deletion: accountDeletion.service, cookie });
  // "Download my data" (ADR 0078): the account as one zip, built by a job, downloadable once for 24 hours.
  const dataExport = createDataExport({
    database: database.db,
    queue,
    streams: async (accountId, activityId) => (await activities.findWithStreams(accountId, activityId))?.streams ?? null,
    dataPolicy,
    secret: config.sessionSecret,
    log: app.log,
  });
  registerDataExportRoutes(app, dataExport.service);

  registerAdjustmentRoutes(app, adjustments.service, adjustments.edits);
  registerPlanRoutes(app, plans);
  registerPlanFileRoutes(
    app,
    createPlanFiles({
      database: database.db,
      plans,
      thresholds: (accountId, now) => settings.effectiveThresholds(accountId, now),
      publicUrl: getPublicUrl,
      readinessHold: (accountId, plan) => dayPlan.readinessHold(accountId, plan),
    }),
  );

  const profile = createProfile({
    database: database.db,
    ai,
    dataPolicy,
    events,
    activities,
    scoring,
    settings,
    historyPending: history.historyPending,
    hasTrainingData: history.hasTrainingData,
  });
  registerProfileRoutes(app, profile.service);

  const jobs = [housekeepingJob, accountDeletion.sweepJob, dataExport.job, dataExport.sweepJob, imports.archiveJob, scoringJobs.activity, scoringJobs.account, scoringJobs.fitness, ...analysis.jobs, ...profile.jobs, ...adjustments.jobs, ...strava.jobs.all, ...demoJobs];
  for (const job of jobs) queue.define(job as JobDefinition<z.ZodType>);

  // Before the first request: a request may queue a job (connecting Strava, importing an archive).
  await queue.start();
  await app.listen({ port: config.port, host: config.host });
  const metricsListener =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsListener(operatorMetrics, { host: config.host, port: config.metrics.port, token: config.metrics.token, log: app.log });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (!config.publicUrl) {
    const host = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(config.host) ? 'localhost' : config.host;
    publicUrl = `http://${host}:${port}`;
  }

  // Handlers run only now: Strava's address in demo mode is this server's own public URL.
  await queue.work();
  await queueMissingFitness(queue, scoring, scoringJobs);
  await queue.schedule(strava.jobs.purge, '17 3 * * *');
  // An instance starting is the operator acting (a restart, a changed setting): a pause for Strava
  // refusing the app ends here, and every connected athlete's sync resumes (ADR 0067).
  await strava.instanceStarted();
  await queue.schedule(housekeepingJob, HOUSEKEEPING_CRON);
  await queue.schedule(accountDeletion.sweepJob, ORPHAN_JOB_SWEEP_CRON);
  await queue.schedule(dataExport.sweepJob, DATA_EXPORT_SWEEP_CRON);
  if (setup.demo || publicUrl.startsWith('https://')) {
    // Strava can only call back a public https address; the simulator calls back in-process.
    await strava.service
      .ensureWebhookSubscription(`${publicUrl}/api/webhooks/strava`, config.strava.webhookVerifyToken)
      .catch((error: unknown) => app.log.warn({ err: error }, 'Strava webhook subscription failed; force sync still works'));
  }

  return {
    app,
    database,
    queue,
    jobs: new Map(jobs.map((job) => [job.name, job as JobDefinition<z.ZodType>])),
    url: publicUrl,
    metricsUrl: metricsListener?.url,
    drain() {
      draining = true;
    },
    async close({ graceMs = 5_000 } = {}) {
      draining = true;
      // Jobs are no longer fetched, but requests in flight may still queue one: the queue stops after them.
      const deadline = Date.now() + graceMs;
      await queue.pause();
      await closeHttpServer(app, graceMs);
      await metricsListener?.close();
      await queue.stop({ graceMs: Math.max(0, deadline - Date.now()) });
      await auth.settled();
      await imports.close();
      await invalidation.close();
      if (!options.database) await database.close();
    },
  };
}
