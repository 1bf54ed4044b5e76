import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DESCRIPTION_UPDATED_MESSAGE, updateDescriptionAnswer, updateDescriptionBody } from '../../../shared/api/exports.ts';
import { STRAVA_APP_PAUSED_ERROR, STRAVA_ATHLETE_LIMIT_ERROR, STRAVA_UNLINKED_ERROR, stravaStatus } from '../../../shared/api/strava.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { SessionCookie } from '../../http/session-cookie.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { StravaAppInactive, StravaAppPaused, StravaAthleteLimitReached } from './client.ts';
import { stravaWebhookEvent, webhookKey, type StravaJobs } from './jobs.ts';
import type { StravaService } from './service.ts';
import { requestMeta } from '../../http/request-meta.ts';
import type { AuthService } from '../auth/index.ts';

const STATE_COOKIE = 'kairo_strava_state';
const CALLBACK_PATH = '/api/auth/strava/callback';
/** A real Strava event is a few hundred bytes. */
const WEBHOOK_BODY_LIMIT_BYTES = 16 * 1024;

const callbackQuery = z.object({
  state: z.string().optional(),
  code: z.string().optional(),
  scope: z.string().optional(),
  error: z.string().optional(),
});

/** A browser navigating (link, redirect) wants a redirect; a script's fetch wants JSON. */
const isNavigation = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' || (request.headers.accept ?? '').includes('text/html');

export function registerStravaRoutes(
  app: FastifyInstance,
  deps: {
    strava: StravaService;
    auth: AuthService;
    jobs: StravaJobs;
    queue: JobQueue;
    cookie: SessionCookie;
    verifyToken: string;
    publicUrl: () => string;
  },
): void {
  const { strava, jobs, queue } = deps;
  const stateCookie = () =>
    ({ path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax', secure: deps.publicUrl().startsWith('https://'), signed: true, maxAge: 600 }) as const;

  const failed = (reply: FastifyReply, reason: string) =>
    reply.clearCookie(STATE_COOKIE, stateCookie()).redirect(`/?strava_error=${encodeURIComponent(reason)}`);

  /** Strava refusing the app rather than the athlete (ADR 0067): the athlete reads why, the operator was told. */
  const appRefusal = (error: unknown): string | null =>
    error instanceof StravaAthleteLimitReached
      ? STRAVA_ATHLETE_LIMIT_ERROR
      : error instanceof StravaAppInactive || error instanceof StravaAppPaused
        ? STRAVA_APP_PAUSED_ERROR
        : null;

  app.get('/api/auth/strava', async (request, reply) => {
    const accountId = request.auth?.account.id ?? null;
    const { url, state } = await strava.authorizeUrl(accountId);
    reply.setCookie(STATE_COOKIE, JSON.stringify({ state, accountId }), stateCookie());
    if (isNavigation(request)) return reply.redirect(url);
    return { authUrl: url };
  });

  app.get(CALLBACK_PATH, async (request, reply) => {
    const query = callbackQuery.safeParse(request.query);
    const raw = request.cookies[STATE_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    let expected: { state?: string; accountId?: string | null } = {};
    try {
      expected = unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as typeof expected) : {};
    } catch {
      expected = {};
    }
    if (!query.success || !query.data.state || query.data.state !== expected.state) return failed(reply, 'state');
    if (query.data.error || !query.data.code) return failed(reply, 'denied');
    const account = request.auth?.account;
    if (!account && expected.accountId === null) return signInWithStrava(request, reply, query.data.code);
    if (!account || account.id !== expected.accountId) return failed(reply, 'signed-out');
    const scope = query.data.scope ?? '';
    if (!scope.split(',').includes('activity:read_all') && !scope.split(',').includes('activity:read')) {
      return failed(reply, 'scope');
    }
    try {
      await strava.completeConnection(account.id, query.data.code, scope);
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') return failed(reply, 'taken');
      const refusal = appRefusal(error);
      if (refusal) return failed(reply, refusal);
      request.log.warn({ err: error }, 'Strava connection failed');
      return failed(reply, 'exchange');
    }
    return reply.clearCookie(STATE_COOKIE, stateCookie()).redirect('/strava-success');
  });

  /** A signed-out browser came back from Strava: sign in the account the athlete is linked to. */
  async function signInWithStrava(request: FastifyRequest, reply: FastifyReply, code: string) {
    let accountId: string | null;
    try {
      accountId = await strava.accountForAthleteCode(code);
    } catch (error) {
      const refusal = appRefusal(error);
      if (refusal) return failed(reply, refusal);
      request.log.warn({ err: error }, 'Strava sign-in failed');
      return failed(reply, 'exchange');
    }
    if (!accountId) {
      return reply.clearCookie(STATE_COOKIE, stateCookie()).redirect(`/login?error=${STRAVA_UNLINKED_ERROR}`);
    }
    const signedIn = await deps.auth.signInLinkedAccount(accountId, 'strava', requestMeta(request));
    deps.cookie.set(reply, signedIn.session.token, signedIn.session.expiresAt);
    return reply.clearCookie(STATE_COOKIE, stateCookie()).redirect('/');
  }

  route(app, {
    method: 'GET',
    url: '/api/strava/status',
    summary: 'Whether Strava is connected, and how far the sync is',
    tags: ['strava'],
    auth: 'required',
    response: stravaStatus,
    handler: ({ account }) => strava.status(account.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/logout/strava',
    summary: "Disconnect Strava: deauthorise and delete the athlete's Strava data",
    tags: ['strava'],
    auth: 'required',
    handler: async ({ account }) => {
      await strava.disconnect(account.id);
      return { message: 'Account disconnected successfully' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/force-sync',
    summary: 'Queue an incremental Strava sync now',
    tags: ['strava'],
    auth: 'required',
    handler: async ({ account }) => {
      const connection = await strava.connection(account.id);
      if (!connection) throw new AppError('bad_request', 'Connect Strava before syncing.');
      if (connection.status === 'broken') throw new AppError('bad_request', 'Reconnect Strava to sync again.');
      const paused = await strava.syncPaused();
      if (paused) throw new AppError('unavailable', paused.message);
      await queue.send(jobs.incrementalSync, { accountId: account.id }, { singletonKey: account.id });
      return { message: 'Sync queued' };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/activities/:stravaActivityId/update-description',
    summary:
      "Appends text (a section plus the credit line) to the activity's description on Strava; the path takes the Strava activity id or Kairo's id",
    tags: ['strava'],
    auth: 'required',
    body: updateDescriptionBody,
    response: updateDescriptionAnswer,
    handler: async ({ account, params, body }) => {
      await strava.appendToActivityDescription(account.id, params.stravaActivityId ?? '', body.description);
      return { message: DESCRIPTION_UPDATED_MESSAGE };
    },
  });

  // Strava checks the subscription callback with a GET and expects the challenge echoed at once.
  app.get('/api/webhooks/strava', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== deps.verifyToken || !query['hub.challenge']) {
      return reply.code(403).send({ message: 'Verification failed' });
    }
    return { 'hub.challenge': query['hub.challenge'] };
  });

  // Events are acknowledged within milliseconds; the work happens in a job.
  app.post('/api/webhooks/strava', { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
    const parsed = stravaWebhookEvent.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Not a Strava webhook event' });
    const event = parsed.data;
    if (await strava.rememberWebhookEvent(webhookKey(event))) await queue.send(jobs.webhook, { event });
    return { received: true };
  });
}
