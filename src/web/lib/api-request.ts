import type { z } from 'zod';

/**
 * The one way the web app talks to the Kairo API. Error messages follow spec §8 exactly, because
 * other code (isUnauthorizedError, error screens) reads them.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  /** The response text as received; empty when it could not be read. */
  readonly body: string;
  /** Seconds the server asked to wait (Retry-After on a 429 or 503); null when it gave none. */
  readonly retryAfterS: number | null;

  constructor(status: number, body: string, message: string, retryAfterS: number | null = null) {
    super(message);
    this.status = status;
    this.body = body;
    this.retryAfterS = retryAfterS;
  }
}

export interface RequestOptions {
  /** Cookies travel with every call unless a caller opts out (page-view tracking does). */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

/**
 * Sends a request and returns the response whatever its status; a JSON body only when a payload
 * exists. A FormData payload goes as multipart/form-data (the browser writes its content type).
 */
export function sendRequest(method: string, path: string, payload?: unknown, options: RequestOptions = {}): Promise<Response> {
  const isForm = payload instanceof FormData;
  const isJson = payload !== undefined && !isForm;
  return fetch(path, {
    method,
    credentials: options.credentials ?? 'include',
    headers: isJson ? { 'content-type': 'application/json' } : undefined,
    body: isForm ? payload : isJson ? JSON.stringify(payload) : undefined,
    signal: options.signal,
  });
}

/** Throws an HttpError for a non-OK response: `${status}: ${text || statusText}`, or `HTTP ${status}: ${statusText}` when unreadable. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  // Kairo sends Retry-After in seconds; the HTTP-date form is not used, so it reads as absent.
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  const retryAfterS = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null;
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new HttpError(response.status, '', `HTTP ${response.status}: ${response.statusText}`, retryAfterS);
  }
  throw new HttpError(response.status, text, `${response.status}: ${text || response.statusText}`, retryAfterS);
}

/** Sends a request and throws on a non-OK answer. */
export async function apiRequest(method: string, path: string, payload?: unknown, options?: RequestOptions): Promise<Response> {
  const response = await sendRequest(method, path, payload, options);
  await throwIfNotOk(response);
  return response;
}

/** Reads a JSON answer and checks its shape against the shared contract. */
export async function readJson<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema>> {
  return schema.parse(await response.json());
}

/** Spec §8: an error counts as "not authenticated" when its message mentions 401 or 'Authentication required'. */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.message.includes('401') || error.message.includes('Authentication required');
}

/**
 * The text to show a person for a failed request: the server's `{ message }` when it sent one
 * (e.g. 'Invalid email or password'), else the screen's own fallback. Never raw status lines.
 */
export function userFacingMessage(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError) || error.body === '') return fallback;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string' && parsed.message.trim() !== '') {
      return parsed.message;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): the fallback says it better.
  }
  return fallback;
}
