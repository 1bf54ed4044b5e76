/**
 * The one error type of Kairo's server. Services throw it; the HTTP layer maps the code to a status
 * and answers `{ "message": … }`. Handlers never choose status codes themselves.
 */
export const errorStatus = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed; sent as Retry-After. */
  readonly retryAfterS: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterS?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryAfterS = options.retryAfterS;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notAuthenticated = () => new AppError('unauthenticated', 'Authentication required');
