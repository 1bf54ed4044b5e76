import { sendRequest } from './api-request.ts';

/**
 * The session check the page makes while it starts: app/boot.ts asks GET /api/auth/user to decide
 * whether / shows the landing page rendered at build time or starts the app (ADR 0054). When it
 * starts the app, the app's first session read takes this answer instead of asking again.
 */
let pending: Promise<Response> | null = null;

/** Asks the server who is signed in; the answer waits, unread, for takeSessionProbe. */
export function probeSession(): Promise<Response> {
  pending = sendRequest('GET', '/api/auth/user');
  return pending;
}

/** The start-up answer, once: later reads, and reads when there was none, ask the server. */
export function takeSessionProbe(): Promise<Response> | null {
  const answer = pending;
  pending = null;
  return answer;
}
