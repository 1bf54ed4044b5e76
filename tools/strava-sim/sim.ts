import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { API_2027_PREFIX, authenticatedToken, bearerToken, registerApiRoutes } from './api-routes.ts';
import type { RegisterClientInput } from './clients.ts';
import { createControl, type StravaSimControl } from './control.ts';
import { registerControlRoutes } from './control-routes.ts';
import { invalidAccessToken, notFound, rateLimitExceeded, serverError, StravaError } from './errors.ts';
import { registerOAuthRoutes } from './oauth-routes.ts';
import { requestParams } from './params.ts';
import { registerPushSubscriptionRoutes } from './push-subscription-routes.ts';
import type { RateLimitSettings } from './rate-limit.ts';
import { StravaSimulator } from './simulator.ts';
import type { CreateAthleteInput } from './store.ts';
import type { WebhookFetch } from './webhooks.ts';

/**
 * A Strava API v3-compatible server for demo mode and tests. Mount `plugin` on any Fastify app
 * under a prefix (Kairo's demo mounts it at /dev/strava), or run it alone with startStravaSim.
 * Below the mount point the layout is Strava's: /oauth/authorize, /oauth/token,
 * /oauth/deauthorize, /oauth/revoke, /api/v3/… and the same API at its 2027 address under
 * /api-v3/… (tokens in the Authorization header only); and, when enabled, the control API under /_sim.
 */
export interface StravaSimOptions {
  /** The simulator's clock, ms since the epoch (default Date.now). */
  now?: () => number;
  /** Applications to register at start (client_id / client_secret). */
  clients?: RegisterClientInput[];
  /** Athletes to create at start. */
  athletes?: CreateAthleteInput[];
  /** Show Strava's consent screen instead of approving at once (STRAVA_SIM_CONSENT=1). */
  consentPage?: boolean;
  /** Give every new browser that authorises its own demo athlete (default true). */
  autoCreateAthletes?: boolean;
  /** Override Strava's limits, shrink the windows or disable refusals. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Calls webhook callbacks (default the global fetch). */
  fetch?: WebhookFetch;
  /** How long a callback has to answer (default 2000 ms, like Strava). */
  webhookAckTimeoutMs?: number;
  /** Pause before retrying an unacknowledged event (default 1000 ms). */
  webhookRetryDelayMs?: number;
  /** Serve the control API over HTTP under /_sim (default false). */
  controlRoutes?: boolean;
}

export interface StravaSim {
  /** Register with `app.register(sim.plugin, { prefix })`; keeps the simulator's state. */
  plugin: FastifyPluginAsync;
  control: StravaSimControl;
  /** Stops webhook retries; call when the host app shuts down. */
  stop(): void;
}

export function createStravaSim(options: StravaSimOptions = {}): StravaSim {
  const sim = new StravaSimulator({
    now: options.now ?? Date.now,
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    clients: options.clients ?? [],
    rateLimits: options.rateLimits ?? {},
    webhookAckTimeoutMs: options.webhookAckTimeoutMs ?? 2000,
    webhookRetryDelayMs: options.webhookRetryDelayMs ?? 1000,
    autoCreateAthletes: options.autoCreateAthletes ?? true,
  });
  for (const athlete of options.athletes ?? []) sim.athletes.create(athlete);
  const control = createControl(sim);

  const plugin: FastifyPluginAsync = async (app) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, parseForm(String(body)));
      });
    }
    await app.register(async (strava) => registerStravaRoutes(strava, sim, options.consentPage ?? false));
    if (options.controlRoutes) await app.register(async (controlApp) => registerControlRoutes(controlApp, control), { prefix: '/_sim' });
  };

  return { plugin, control, stop: () => sim.webhooks.stop() };
}

/** A form body as an object; repeated fields (ticked checkboxes) become arrays. */
function parseForm(body: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const previous = form[key];
    form[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return form;
}

async function registerStravaRoutes(app: FastifyInstance, sim: StravaSimulator, consentPage: boolean): Promise<void> {
  const prefix = app.prefix;
  const belowMount = (url: string) => url.split('?')[0]?.slice(prefix.length) || '/';

  app.setErrorHandler((error: FastifyError | StravaError, request, reply) => {
    if (error instanceof StravaError) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: 'Bad Request', errors: [{ resource: 'Application', field: '', code: 'invalid' }] });
    request.log.error({ err: error }, 'strava-sim failure');
    return reply.code(500).send(serverError(500).body);
  });
  app.setNotFoundHandler((_request, reply) => {
    const error = notFound('resource', 'path');
    return reply.code(error.statusCode).send(error.body);
  });

  // Injected latency and failures come first, before authentication, as from Strava's edge.
  app.addHook('onRequest', async (request, reply) => {
    const path = belowMount(request.url);
    const delayMs = sim.faults.delayFor(request.method, path);
    if (delayMs > 0) await sleep(delayMs);
    const status = sim.faults.statusFor(request.method, path);
    if (status === null) return;
    if (status === 429) {
      reply.headers(sim.rateLimiter.headersAtLimit(tokenOwner(request)?.clientId ?? null));
      throw rateLimitExceeded();
    }
    if (status === 401) throw invalidAccessToken();
    throw status >= 500 ? serverError(status) : new StravaError(status, { message: 'Injected fault', errors: [] });
  });

  app.addHook('onResponse', async (request, reply) => {
    const owner = authenticatedToken.get(request) ?? tokenOwner(request);
    const [, query = ''] = request.url.split('?');
    sim.requests.record({
      method: request.method,
      path: belowMount(request.url),
      route: request.routeOptions.url === undefined ? '(unmatched)' : request.routeOptions.url.slice(prefix.length) || '/',
      query,
      status: reply.statusCode,
      clientId: owner?.clientId ?? requestParams(request).client_id ?? null,
      athleteId: owner?.athleteId ?? null,
      atMs: sim.now(),
    });
  });

  function tokenOwner(request: FastifyRequest) {
    const token = bearerToken(request);
    return token === undefined ? undefined : sim.tokens.peek(token);
  }

  await registerOAuthRoutes(app, sim, { consentPage });
  for (const base of ['/api/v3', API_2027_PREFIX]) await registerPushSubscriptionRoutes(app, sim, base);
  await app.register(async (api) => registerApiRoutes(api, sim, { headerOnly: false }), { prefix: '/api/v3' });
  await app.register(async (api) => registerApiRoutes(api, sim, { headerOnly: true }), { prefix: API_2027_PREFIX });
}

export interface StartStravaSimOptions extends StravaSimOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Log every request (pino, to stdout). */
  logger?: boolean;
}

export interface RunningStravaSim {
  /** e.g. http://127.0.0.1:41234; the API is at `${baseUrl}/api/v3`, and at its 2027 address `${baseUrl}/api-v3`. */
  baseUrl: string;
  control: StravaSimControl;
  close(): Promise<void>;
}

/** Runs the simulator on its own loopback port. */
export async function startStravaSim(options: StartStravaSimOptions = {}): Promise<RunningStravaSim> {
  const sim = createStravaSim(options);
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(sim.plugin);
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    control: sim.control,
    close: async () => {
      sim.stop();
      await app.close();
    },
  };
}
