import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { InvalidationChannel } from '../db/invalidation.ts';

/**
 * Announced, with the account id, after every write made on behalf of an account (ADR 0090): each
 * successful mutating request of its session or token, each job of the account that completed,
 * each analysis written. Answers kept in memory that read many of the account's tables (the
 * training calendar's days, which carry the day plan's decision) drop the account's copy on it,
 * so they need not know every writer of every table they read. It is the server's side of what the
 * browser does: every successful mutation marks the day plan stale.
 */
export const ACCOUNT_WROTE = 'account-wrote';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The announcer of an account's writes: publishes ACCOUNT_WROTE and never throws. The write it
 * follows is committed; a failed announcement (the database gone that moment) is logged, and the
 * kept answers it would have dropped live out their lifetime at most (a minute for the calendar).
 */
export function accountWritesAnnouncer(invalidation: InvalidationChannel, log: () => FastifyBaseLogger): (accountId: string) => Promise<void> {
  return async (accountId) => {
    try {
      await invalidation.publish(ACCOUNT_WROTE, accountId);
    } catch (error) {
      log().warn({ err: error }, 'announcing an account write failed');
    }
  };
}

/**
 * Announces each successful mutating request's account before its answer is sent: the next
 * request of the same browser, on any instance that has heard it, reads what was written.
 */
export function announceAccountWrites(app: FastifyInstance, announce: (accountId: string) => Promise<void>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    const accountId = request.apiToken?.account.id ?? request.auth?.account.id;
    if (accountId) await announce(accountId);
    return payload;
  });
}

/** The account a job's payload is for, when it names one (`accountId`). */
export function accountOfJob(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('accountId' in payload)) return null;
  return typeof payload.accountId === 'string' ? payload.accountId : null;
}
