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

export interface StravaTokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  athlete?: { id: number; firstname?: string; lastname?: string; profile?: string; profile_medium?: string };
}

export interface StravaClient {
  exchangeCode(code: string): Promise<StravaTokenAnswer>;
  refresh(refreshToken: string): Promise<StravaTokenAnswer>;
  deauthorize(accessToken: string): Promise<void>;
  get<T>(accessToken: string, path: string, query?: Record<string, string | number | boolean>): Promise<T>;
  put<T>(accessToken: string, path: string, body: Record<string, unknown>): Promise<T>;
  /** The app's webhook subscription (Strava allows one per app). */
  pushSubscriptions(): Promise<{ id: number; callback_url: string }[]>;
  createPushSubscription(callbackUrl: string, verifyToken: string): Promise<{ id: number }>;
}

export interface StravaClientOptions {
  baseUrl: () => string;
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

  async function send(url: URL, init: RequestInit, kind: StravaRequestKind | null): Promise<Response> {
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
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    if (response.status === 429) {
      const blockedUntil = await options.budget.blockedUntil(kind ?? 'read');
      throw new StravaRateLimited(blockedUntil ?? Date.now() + (options.backoffMs ?? 60_000));
    }
    if (response.status === 401) throw new StravaUnauthorized(`Strava refused the token: ${text.slice(0, 200)}`);
    if (response.status >= 500) throw new StravaUnavailable(`Strava answered ${response.status}`);
    throw new StravaRequestFailed(response.status, `Strava answered ${response.status}: ${text.slice(0, 200)}`);
  }

  const apiUrl = (path: string, query: Record<string, string | number | boolean> = {}) => {
    const url = new URL(`${options.baseUrl()}/api/v3${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  };

  async function token(body: Record<string, string>): Promise<StravaTokenAnswer> {
    const response = await send(
      new URL(`${options.baseUrl()}/oauth/token`),
      {
        method: 'POST',
        // RFC 6749 token requests are form-encoded.
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret, ...body }),
      },
      null,
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
    exchangeCode: (code) => token({ code, grant_type: 'authorization_code' }),
    refresh: (refreshToken) => token({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
    async deauthorize(accessToken) {
      await send(
        new URL(`${options.baseUrl()}/oauth/deauthorize`),
        { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } },
        null,
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
