import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueStats } from '../jobs/queue.ts';

/** One window of the Strava budget as the rate limiter counts it. */
export interface StravaBudgetWindow {
  scope: 'overall' | 'read';
  window: 'short' | 'daily';
  used: number;
  limit: number;
}

/** What the model calls report (ai/structured-model.ts); the writers fall back to the built-in coach on a failure. */
export interface LlmObserver {
  /** One request to the model: `outcome` is answered, or the failure (timeout, unavailable, unusable). */
  call(purpose: string, outcome: string): void;
  /** A writer got no usable answer and the built-in writer wrote instead. */
  fallback(purpose: string, failure: string): void;
}

/** Strava's refusals of the whole app (ADR 0067), shown at 0 from the start so an alert can watch them. */
const STRAVA_REFUSAL_CAUSES = ['app_inactive', 'athlete_limit'] as const;

/** One scrape reads the queues once for both queue gauges. */
const QUEUE_STATS_REUSE_MS = 500;

/** Requests slower than 10 s are counted in the last bucket; most answer within 50 ms. */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The operator's metrics in Prometheus' text format (ADR 0049): HTTP requests by route template
 * and status, the job queues' depth and age, the Strava budget, the language model's calls and
 * fallbacks, and Node's process metrics. Queue and budget figures are read when scraped.
 * Every instance answers for itself; the queue figures are the shared database's.
 */
export function createOperatorMetrics(deps: {
  queueStats(): Promise<QueueStats[]>;
  stravaBudget(): Promise<StravaBudgetWindow[]>;
  /** Why Strava sync is paused app-wide (ADR 0067), null while it runs. */
  stravaPause?(): Promise<string | null>;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'kairo_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kairo_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS_S,
    registers: [registry],
  });

  // Both queue gauges are filled from one query per scrape.
  let queueRead: Promise<QueueStats[]> | null = null;
  const queueStatsOnce = () => {
    queueRead ??= deps.queueStats().finally(() => setTimeout(() => (queueRead = null), QUEUE_STATS_REUSE_MS).unref());
    return queueRead;
  };
  new Gauge({
    name: 'kairo_job_queue_jobs',
    help: 'Jobs per queue: ready (waiting to run now), deferred (waiting for a later start or a retry) and active (running on some instance).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const stats = await queueStatsOnce();
      this.reset();
      for (const queue of stats) {
        this.set({ queue: queue.name, state: 'ready' }, queue.ready);
        this.set({ queue: queue.name, state: 'deferred' }, queue.deferred);
        this.set({ queue: queue.name, state: 'active' }, queue.active);
      }
    },
  });
  new Gauge({
    name: 'kairo_job_queue_oldest_ready_age_seconds',
    help: 'How long the oldest job that is ready to run has waited, per queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const stats = await queueStatsOnce();
      this.reset();
      for (const queue of stats) this.set({ queue: queue.name }, queue.oldestReadyAgeS);
    },
  });

  const budget = (name: string, help: string, value: (window: StravaBudgetWindow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['scope', 'window'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const window of await deps.stravaBudget()) this.set({ scope: window.scope, window: window.window }, value(window));
      },
    });
  budget('kairo_strava_budget_used', "Strava requests counted in the current window (scope: overall or read; window: short = 15 min, daily).", (w) => w.used);
  budget('kairo_strava_budget_limit', "Strava's limit for the window, as its answers last stated it.", (w) => w.limit);
  budget('kairo_strava_budget_left', 'Strava requests left in the current window.', (w) => Math.max(0, w.limit - w.used));

  // Strava refusing the app itself (ADR 0067): an Inactive app (403), the athlete cap at connecting.
  const stravaRefusals = new Counter({
    name: 'kairo_strava_refusals_total',
    help: 'Strava answers that refuse this app rather than one athlete, by cause (app_inactive: the app is Inactive; athlete_limit: a new athlete refused at the cap).',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  for (const cause of STRAVA_REFUSAL_CAUSES) stravaRefusals.inc({ cause }, 0);
  new Gauge({
    name: 'kairo_strava_sync_paused',
    help: 'Whether Strava sync is paused app-wide until the operator acts (1) or runs (0), by cause.',
    labelNames: ['cause'] as const,
    registers: [registry],
    async collect() {
      const cause = (await deps.stravaPause?.()) ?? null;
      this.reset();
      this.set({ cause: 'app_inactive' }, cause === 'app_inactive' ? 1 : 0);
    },
  });

  const llmCalls = new Counter({
    name: 'kairo_llm_calls_total',
    help: 'Requests to the language model, by writer (purpose) and outcome (answered, timeout, unavailable, unusable).',
    labelNames: ['purpose', 'outcome'] as const,
    registers: [registry],
  });
  const llmFallbacks = new Counter({
    name: 'kairo_llm_fallbacks_total',
    help: "Texts the built-in writer wrote because the language model's answer was missing or unusable, by writer and failure.",
    labelNames: ['purpose', 'failure'] as const,
    registers: [registry],
  });

  const llm: LlmObserver = {
    call: (purpose, outcome) => llmCalls.inc({ purpose, outcome }),
    fallback: (purpose, failure) => llmFallbacks.inc({ purpose, failure }),
  };

  return {
    registry,
    llm,
    /** Strava's refusals of the app, as the strava feature recognises them. */
    strava: { refused: (cause: string) => stravaRefusals.inc({ cause }) },
    /** Counts every answered request under its route template; unknown paths share one label, so a scanner cannot grow the series. */
    observeRequest(request: FastifyRequest, reply: FastifyReply) {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    },
  };
}

export type OperatorMetrics = ReturnType<typeof createOperatorMetrics>;

/**
 * Counts every request the public server answers, and serves GET /metrics on it unless the
 * metrics have a listener of their own (`separatePort`): then the public path answers 404, like
 * any unknown one. Without a token or a separate port there is no endpoint at all (404); with a
 * token, the request must carry `Authorization: Bearer <token>` (401 otherwise).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: OperatorMetrics, settings: { token: string | undefined; separatePort: boolean }): void {
  app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));
  if (!settings.token || settings.separatePort) {
    app.get('/metrics', async (_request, reply) => reply.code(404).send({ message: 'Not found' }));
    return;
  }
  app.get('/metrics', metricsHandler(metrics, settings.token));
}

/**
 * The metrics on a listener of their own (METRICS_PORT), so the public port never serves them and
 * a scraper reaches them on an address the proxy does not expose. The token, if set, still applies.
 * Resolves with the listener's origin and a close function.
 */
export async function startMetricsListener(
  metrics: OperatorMetrics,
  options: { host: string; port: number; token: string | undefined; log: FastifyBaseLogger },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = Fastify({ loggerInstance: options.log.child({ listener: 'metrics' }), disableRequestLogging: true });
  server.get('/metrics', metricsHandler(metrics, options.token));
  await server.listen({ host: options.host, port: options.port });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { url: `http://${host}:${port}`, close: () => server.close() };
}

function metricsHandler(metrics: OperatorMetrics, token: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'A valid metrics token is required' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!presented) return false;
  const expected = Buffer.from(token);
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
