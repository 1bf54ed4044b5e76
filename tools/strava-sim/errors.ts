/**
 * Strava's error answers. Strava reports every failure as `{ message, errors: [{ resource, field,
 * code }] }` (see fixtures error_401_authorization.json, oauth_token_invalid_code.json); the
 * 429 body is the odd one out (error_429_rate_limit.json). Routes throw a StravaError and the
 * plugin's error handler writes it.
 */
export interface StravaErrorDetail {
  resource: string;
  field: string;
  code: string;
}

export class StravaError extends Error {
  readonly statusCode: number;
  readonly body: unknown;

  constructor(statusCode: number, body: { message: string; errors?: StravaErrorDetail[] } | Record<string, unknown>) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
    this.statusCode = statusCode;
    this.body = body;
  }
}

export function badRequest(resource: string, field: string, code: string): StravaError {
  return new StravaError(400, { message: 'Bad Request', errors: [{ resource, field, code }] });
}

function authorizationError(resource: string, field: string, code: string): StravaError {
  return new StravaError(401, { message: 'Authorization Error', errors: [{ resource, field, code }] });
}

/** An unknown, expired or revoked access token. */
export const invalidAccessToken = () => authorizationError('Athlete', 'access_token', 'invalid');

/** A token without the scope an endpoint needs, e.g. `activity:read_permission`. */
export const missingPermission = (permission: string) => authorizationError('AccessToken', permission, 'missing');

/** An unknown client_id or a wrong client_secret (the recorded error_401_authorization.json). */
export const invalidApplication = () => authorizationError('Application', '', 'invalid');

/**
 * Strava's 2026–2027 refusals, as the simulator represents them (an assumption: Strava has not
 * published the bodies; docs/decisions/0067). Both use Strava's usual error shape with codes a
 * client can recognise:
 * - a Standard-tier app whose owner holds no subscription is "Inactive": every call answers 403
 *   `{ message: 'Forbidden: application inactive', errors: [{ resource: 'Application', field: 'status', code: 'inactive' }] }`;
 * - a Standard app serves at most N athletes: the next athlete's authorization (the code
 *   exchange) answers 403 `{ message: 'Forbidden: athlete limit reached', errors: [{ resource: 'Application', field: 'athletes', code: 'limit_reached' }] }`.
 */
export const APP_INACTIVE_ERROR = { resource: 'Application', field: 'status', code: 'inactive' } as const;
export const ATHLETE_LIMIT_ERROR = { resource: 'Application', field: 'athletes', code: 'limit_reached' } as const;

export const applicationInactive = () => new StravaError(403, { message: 'Forbidden: application inactive', errors: [{ ...APP_INACTIVE_ERROR }] });

export const athleteLimitReached = () => new StravaError(403, { message: 'Forbidden: athlete limit reached', errors: [{ ...ATHLETE_LIMIT_ERROR }] });

/** The 2027 API takes tokens in the Authorization header only: an `access_token` parameter is refused. */
export const tokenInQuery = () => authorizationError('AccessToken', 'access_token', 'not_allowed_in_query');

export function notFound(resource: string, field = 'id'): StravaError {
  return new StravaError(404, { message: 'Record Not Found', errors: [{ resource, field, code: 'invalid' }] });
}

export function rateLimitExceeded(): StravaError {
  return new StravaError(429, { errors: 'Rate Limit Exceeded', status: 429, message: 'Too Many Requests' });
}

/** Injected server failures: Strava's front end answers them without the usual error list. */
export function serverError(statusCode: number): StravaError {
  const messages: Record<number, string> = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };
  return new StravaError(statusCode, { message: messages[statusCode] ?? 'Server Error', errors: [] });
}
