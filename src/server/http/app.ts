import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { KairoLogController, loggerOptions } from './logging.ts';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Config, TrustProxy } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { ResolvedSession, SessionStore } from './sessions.ts';
import { AppError } from './errors.ts';
import { bearerToken, type BearerAuthenticator, type ResolvedApiToken } from './bearer.ts';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_S, createDatabaseOutage, isDatabaseBusy, OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_S, type DatabaseOutage } from './database-outage.ts';
import { checkRequestOrigin } from './origin-check.ts';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './stored-text.ts';
import { sessionCookie, type SessionCookie } from './session-cookie.ts';
import { registerSpa } from './spa.ts';
import { REQUEST_ID_HEADER, requestIdGenerator } from './request-id.ts';
import { securityHeaders } from './security-headers.ts';
import { COMPRESS_MIN_BYTES } from './kept-json.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved from the cookie for /api requests; null when signed out. */
    auth: ResolvedSession | null;
    /** The personal access token of an /api request sent with `Authorization: Bearer` (ADR 0074); such a request has no session. */
    apiToken: ResolvedApiToken | null;
  }
  interface FastifyContextConfig {
    /** Failures of this route answer `{ error, message }` (spec §7: the workout file's error body has an error field). */
    errorField?: boolean;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface HttpDeps {
  config: Config;
  database: DatabaseHandle;
  sessions: SessionStore;
  /** Personal access tokens (ADR 0074). */
  apiTokens: BearerAuthenticator;
  /** The origin browsers use; known once the server listens. */
  publicUrl: () => string;
}

/**
 * Builds the Fastify app with Kairo's cross-cutting behaviour: security headers, origin check,
 * session resolution, one error mapping. Features register their routes on the returned instance.
 */
export async function createHttpApp(deps: HttpDeps): Promise<{ app: FastifyInstance; cookie: SessionCookie; outage: DatabaseOutage }> {
  const { config } = deps;
  const secure = config.publicUrl?.startsWith('https://') ?? false;
  const cookie = sessionCookie(secure);

  const app = Fastify({
    logger: loggerOptions(config),
    logController: new KairoLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
  });
  // Once the server is closing, every answer closes its connection: a keep-alive connection whose
  // request was in flight at the close would otherwise stay open, idle, holding the shutdown until
  // the grace period is over.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('apiToken', null);
  const outage = createDatabaseOutage({ ping: () => deps.database.ping(), log: app.log });
  const busy = createBusyLog();
  app.addHook('onClose', async () => outage.stop());
  // The API speaks JSON only; form-encodable text bodies are a classic cross-site forgery vector.
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // JSON answers (an activity's streams run to hundreds of kB) and index.html go out brotli or gzip
  // compressed above 1 kB; static files already carry their build-time copies, which are left as is.
  await app.register(fastifyCompress, { threshold: COMPRESS_MIN_BYTES, encodings: ['br', 'gzip'] });
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  // Stored text must be valid UTF-8 for PostgreSQL: NUL and unpaired surrogates are refused here,
  // once, for every route, instead of failing deep inside a query.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      if (hasUnstorableText(part)) throw new AppError('bad_request', UNSTORABLE_TEXT_MESSAGE);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    checkRequestOrigin(request, deps.publicUrl());
    // The matched route's pattern, not the raw URL: the router decodes `/%61pi/…` to `/api/…`.
    const path = request.routeOptions.url ?? request.url;
    if (!path.startsWith('/api/')) return;
    // A request with a token is the token's alone: a cookie sent beside it is not read.
    const apiToken = bearerToken(request);
    if (apiToken !== undefined) {
      try {
        request.apiToken = await deps.apiTokens.authenticate(apiToken);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthenticated') reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw error;
      }
      return;
    }
    const token = cookie.read(request);
    if (token) request.auth = await deps.sessions.resolve(token);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = (message: string) => (request.routeOptions.config.errorField ? { error: message, message } : { message });
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply.code(error.status).send(body(error.message));
    }
    const mapped = mapFrameworkError(error);
    if (mapped) return reply.code(mapped.status).send(body(mapped.message));
    if (isDatabaseBusy(error)) {
      busy.refused(request.log);
      return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_S)).send(body(BUSY_MESSAGE));
    }
    if (outage.report(error)) {
      return reply.code(503).header('retry-after', String(OUTAGE_RETRY_AFTER_S)).send(body(OUTAGE_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ message: 'Not found' });
    }
    return reply.sendSpa();
  });

  await registerSpa(app);
  return { app, cookie, outage };
}

/** Fastify's form of the setting: a hop count, or the proxy addresses to believe. */
function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  // proxy-addr asks hop by hop, nearest first: the first `hops` peers are our proxies.
  return (_address, hop) => hop < hops;
}

/** Framework and parser failures are the client's fault: map them to a clear 4xx. */
function mapFrameworkError(error: FastifyError): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported content type' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Request body is empty' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Invalid content length' };
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, message: 'Malformed JSON body' };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: error.message };
  return null;
}

/** How often the operator is told that requests were turned away for want of a database connection. */
const BUSY_LOG_EVERY_MS = 10_000;

/**
 * Requests answered 503 because every connection of the pool stayed busy (isDatabaseBusy): one
 * warning per BUSY_LOG_EVERY_MS with how many since the last, not a line per request of an overload.
 */
function createBusyLog() {
  let refused = 0;
  let loggedAt = -Infinity;
  return {
    refused(log: FastifyBaseLogger) {
      refused += 1;
      const now = performance.now();
      if (now - loggedAt < BUSY_LOG_EVERY_MS) return;
      log.warn(
        { refused },
        `Requests waited longer than the connection timeout for one of the pool's database connections and were answered 503 (${refused} since the last such line): more requests than DATABASE_POOL_SIZE connections can serve`,
      );
      loggedAt = now;
      refused = 0;
    },
  };
}
