import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../http/errors.ts';
import type { Throttles } from '../../http/rate-limit.ts';

const WINDOW_MS = 15 * 60_000;
/** Wrong passwords one client may try on one account per window before it must wait. */
export const FAILURES_PER_CLIENT = 10;
/** Wrong passwords on one account, from all clients together, before every attempt is slowed. */
export const FAILURES_BEFORE_SLOWDOWN = 10;
const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 2_000;

/**
 * Password guessing is throttled per (account, client), and an account under attack from many
 * clients is slowed down rather than locked: whoever knows an e-mail address can no longer keep its
 * owner out, while guessing stays as slow as before (ADR 0022).
 */
export function createLoginThrottle(throttles: Throttles) {
  const byClient = throttles.throttle('login-failures-by-client', { limit: FAILURES_PER_CLIENT, windowMs: WINDOW_MS });
  // The delay stops growing at MAX_DELAY_MS, so the account's count only needs to reach that far.
  const byAccount = throttles.throttle('login-failures-by-account', {
    limit: FAILURES_BEFORE_SLOWDOWN + Math.ceil(Math.log2(MAX_DELAY_MS / FIRST_DELAY_MS)) + 1,
    windowMs: WINDOW_MS,
    whenFull: 'forget-oldest',
  });
  const clientKey = (email: string, ip: string) => `${email}\n${ip}`;

  return {
    /** 429 for a client that used up its wrong guesses on this account; other clients are unaffected. */
    async enforceForClient(email: string, ip: string): Promise<void> {
      const waitMs = await byClient.waitMs(clientKey(email, ip));
      if (waitMs === 0) return;
      throw new AppError('too_many_requests', 'Too many wrong passwords from this device. Try again in a few minutes, or reset your password.', {
        retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    },

    /** The wait before checking a password on an account many wrong guesses were made on. */
    async delayMs(email: string): Promise<number> {
      const excess = (await byAccount.count(email)) - FAILURES_BEFORE_SLOWDOWN;
      if (excess < 0) return 0;
      return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(excess, 10));
    },

    async slowDown(email: string): Promise<void> {
      const waitMs = await this.delayMs(email);
      if (waitMs > 0) await sleep(waitMs);
    },

    async record(email: string, ip: string): Promise<void> {
      await byClient.take(clientKey(email, ip));
      await byAccount.take(email);
    },

    /** The right password from this client: its own count starts again (others' do not). */
    async forgetClient(email: string, ip: string): Promise<void> {
      await byClient.reset(clientKey(email, ip));
    },

    /** A new password: every count on the account starts again. */
    async forgetAccount(email: string): Promise<void> {
      await byAccount.reset(email);
      await byClient.resetPrefix(clientKey(email, ''));
    },
  };
}
