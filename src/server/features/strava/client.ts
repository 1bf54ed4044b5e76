import type { StravaPauseCause } from './app-pause.ts';
import type { StravaBudget, StravaRequestKind } from './rate-limiter.ts';

/**
 * Strava API v3 over HTTP. Every call is reserved from the shared budget first; answers are
 * turned into typed failures the sync jobs know how to handle (wait, refresh, retry, give up).
 */
export class StravaRateLimited extends Error {
  override name = 'StravaRateLimited';
  readonly retryAtMs: number;
  constructor(retryAtMs: number) {
    super(`Strava rate limit reached; next request allowed at ${new Date(retryAtMs).toISOString()}`);
    this.retryAtMs = retryAtMs;
  }
}

/** The access token was refused (expired, revoked, or missing a scope). */
export class StravaUnauthorized extends Error {
  override name = 'StravaUnauthorized';
}

/** Strava could not answer now (5xx, timeout, network): worth retrying later. */
export class StravaUnavailable extends Error {
  override name = 'StravaUnavailable';
}

/** Strava refused the request itself (4xx other than 401/429). */
export class StravaRequestFailed extends Error {
  override name = 'StravaRequestFailed';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Strava refuses the whole application: it is "Inactive" (a Standard-tier app whose owner holds no
 * Strava subscription). Not the athlete's doing, and not fixed by retrying or reconnecting.
 */
export class StravaAppInactive extends Error {
  override name = 'StravaAppInactive';
}

/** Kairo's Strava sync is paused app-wide (ADR 0067): no request went out. */
export class StravaAppPaused extends Error {
  override name = 'StravaAppPaused';
  readonly reason: StravaPauseCause;
  constructor(reason: StravaPauseCause) {
    super(`Strava sync is paused (${reason})`);
    this.reason = reason;
  }
}

/** Strava refused a new athlete's authorization: the app serves as many athletes as its tier allows. */
export class StravaAthleteLimitReached extends Error {
  override name = 'StravaAthleteLimitReached';
}

interface StravaErrorBody {
  message?: unknown;
  errors?: unknown;
}

/**
 * Which of Strava's 2026 refusals a 403 is, from its body (`{ message, errors: [{ resource, field,
 * code }] }`). Strava has not published these bodies; the codes are the ones ADR 0067 assumes (and
 * the simulator answers), and the messages are matched loosely in case the codes differ.
 */
export function classifyForbidden(text: string): 'app_inactive' | 'athlete_limit' | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const body = parsed as StravaErrorBody;
  const errors = Array.isArray(body.errors) ? (body.errors as Record<string, unknown>[]) : [];
  const has = (resource: string, field: string, code: string) =>
    errors.some((error) => error.resource === resource && error.field === field && error.code === code);
  const message = typeof body.message === 'string' ? body.message.toLowerCase() : '';
  if (has('Application', 'status', 'inactive') || /\b(app|application) (is )?inactive\b/.test(message)) return 'app_inactive';
  if (has('Application', 'athletes', 'limit_reached') || /athlete(s)? limit|limit of athletes/.test(message)) return 'athlete_limit';
  return null;
}

/** What the client tells its owner about the app-wide pause. */
export interface StravaPauseGate {
  /** The pause in force; requests that could wait are not sent while there is one. */
  current(): Promise<{ cause: StravaPauseCause } | null>;
  /** Strava answered that the app is Inactive. */
  pause(cause: StravaPauseCause, detail: string): Promise<void>;
  /** Strava answered a request: the app is served again. */
  succeeded(): Promise<void>;
  /** Strava refused a new athlete (the app's athlete cap). */
  athleteLimit(detail: string): void;
}

export interface StravaTokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  athlete?: { id: number; firstname?: string; lastname?: string; profile?: string; profile_medium?: string };
}

export interface StravaClient {
  exchangeCode(code: string): Promise<StravaTokenAnswer>;
  refresh(refreshToken: string): Promise<StravaTokenAnswer>;
  /** Revokes the athlete's grant (POST /oauth/revoke with the refresh token in the body; replaces /oauth/deauthorize). */
  revoke(refreshToken: string): Promise<void>;
  get<T>(accessToken: string, path: string, query?: Record<string, string | number | boolean>): Promise<T>;
  put<T>(accessToken: string, path: string, body: Record<string, unknown>): Promise<T>;
  /** The app's webhook subscription (Strava allows one per app). */
  pushSubscriptions(): Promise<{ id: number; callback_url: string }[]>;
  createPushSubscription(callbackUrl: string, verifyToken: string): Promise<{ id: number }>;
}

export interface StravaClientOptions {
  /** Strava's OAuth pages, e.g. https://www.strava.com. */
  baseUrl: () => string;
  /** Strava's API, e.g. https://www.strava.com/api/v3 (from 2027 Strava's new address). */
  apiUrl: () => string;
  /** The app-wide pause (ADR 0067); none = never paused. */
  pause?: StravaPauseGate;
  clientId: string;
  clientSecret: string;
  budget: StravaBudget;
  timeoutMs?: number;
  /** Replaces the network (demo mode answers from the simulator mounted in this process). */
  fetch?: typeof fetch;
  /** Wait after a 429 that the budget does not explain (another app sharing it, a Strava hiccup). */
  backoffMs?: number;
}

export function createStravaClient(options: StravaClientOptions): StravaClient {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const fetchImpl = options.fetch ?? fetch;

  /**
   * `waits`: whether the request waits out an app-wide pause (sync, refresh, subscriptions). An
   * athlete's authorization and a revocation go out anyway: one that succeeds ends the pause.
   * Tokens only ever travel in the Authorization header or a POST body, never in the address.
   */
  async function send(url: URL, init: RequestInit, kind: StravaRequestKind | null, waits = true): Promise<Response> {
    if (waits) {
      const paused = await options.pause?.current();
      if (paused) throw new StravaAppPaused(paused.cause);
    }
    if (kind) {
      const reservation = await options.budget.reserve(kind);
      if (!reservation.ok) throw new StravaRateLimited(reservation.retryAtMs);
    }
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new StravaUnavailable(`Strava did not answer: ${(error as Error).message}`, { cause: error });
    }
    if (kind) await options.budget.observe(response.headers, response.status);
    if (response.ok) {
      await options.pause?.succeeded();
      return response;
    }
    const text = await response.text().catch(() => '');
    if (response.status === 403) {
      const refusal = classifyForbidden(text);
      if (refusal === 'app_inactive') {
        await options.pause?.pause('app_inactive', text);
        throw new StravaAppInactive(`Strava says the app is inactive: ${text.slice(0, 200)}`);
      }
      if (refusal === 'athlete_limit') {
        options.pause?.athleteLimit(text);
        throw new StravaAthleteLimitReached(`Strava refused another athlete: ${text.slice(0, 200)}`);
      }
    }
    if (response.status === 429) {
      const blockedUntil = await options.budget.blockedUntil(kind ?? 'read');
      throw new StravaRateLimited(blockedUntil ?? Date.now() + (options.backoffMs ?? 60_000));
    }
    if (response.status === 401) throw new StravaUnauthorized(`Strava refused the token: ${text.slice(0, 200)}`);
    if (response.status >= 500) throw new StravaUnavailable(`Strava answered ${response.status}`);
    throw new StravaRequestFailed(response.status, `Strava answered ${response.status}: ${text.slice(0, 200)}`);
  }

  const apiUrl = (path: string, query: Record<string, string | number | boolean> = {}) => {
    const url = new URL(`${options.apiUrl()}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  };

  async function token(body: Record<string, string>, waits: boolean): Promise<StravaTokenAnswer> {
    const response = await send(
      new URL(`${options.baseUrl()}/oauth/token`),
      {
        method: 'POST',
        // RFC 6749 token requests are form-encoded.
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret, ...body }),
      },
      null,
      waits,
    ).catch((error: unknown) => {
      // A refused grant (bad code, revoked refresh token) is an authorization failure, not a request bug.
      if (error instanceof StravaRequestFailed && (error.status === 400 || error.status === 403)) {
        throw new StravaUnauthorized(error.message);
      }
      throw error;
    });
    return (await response.json()) as StravaTokenAnswer;
  }

  return {
    exchangeCode: (code) => token({ code, grant_type: 'authorization_code' }, false),
    refresh: (refreshToken) => token({ refresh_token: refreshToken, grant_type: 'refresh_token' }, true),
    async revoke(refreshToken) {
      // RFC 7009's shape: the token in a form body. The refresh token, because it does not expire:
      // revoking it ends the whole grant even when the access token is long dead.
      await send(
        new URL(`${options.baseUrl()}/oauth/revoke`),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            token: refreshToken,
            token_type_hint: 'refresh_token',
            client_id: options.clientId,
            client_secret: options.clientSecret,
          }),
        },
        null,
        false,
      );
    },
    async get<T>(accessToken: string, path: string, query?: Record<string, string | number | boolean>) {
      const response = await send(apiUrl(path, query), { headers: { authorization: `Bearer ${accessToken}` } }, 'read');
      return (await response.json()) as T;
    },
    async pushSubscriptions() {
      const url = apiUrl('/push_subscriptions', { client_id: options.clientId, client_secret: options.clientSecret });
      return (await (await send(url, {}, null)).json()) as { id: number; callback_url: string }[];
    },
    async createPushSubscription(callbackUrl, verifyToken) {
      const response = await send(
        apiUrl('/push_subscriptions'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: options.clientId,
            client_secret: options.clientSecret,
            callback_url: callbackUrl,
            verify_token: verifyToken,
          }),
        },
        null,
      );
      return (await response.json()) as { id: number };
    },
    async put<T>(accessToken: string, path: string, body: Record<string, unknown>) {
      const response = await send(
        apiUrl(path),
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        'write',
      );
      return (await response.json()) as T;
    },
  };
}
