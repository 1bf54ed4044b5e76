import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../http/errors.ts';
import { SlidingWindowLimiter } from '../../http/rate-limit.ts';

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
export function createLoginThrottle() {
  const byClient = new SlidingWindowLimiter({ limit: FAILURES_PER_CLIENT, windowMs: WINDOW_MS });
  const byAccount = new SlidingWindowLimiter({ limit: Number.MAX_SAFE_INTEGER, windowMs: WINDOW_MS });
  const clientKey = (email: string, ip: string) => `${email}\n${ip}`;

  return {
    /** 429 for a client that used up its wrong guesses on this account; other clients are unaffected. */
    enforceForClient(email: string, ip: string, now = Date.now()): void {
      const key = clientKey(email, ip);
      if (byClient.remaining(key, now) > 0) return;
      const waitMs = byClient.take(key, now);
      throw new AppError('too_many_requests', 'Too many wrong passwords from this device. Try again in a few minutes, or reset your password.', {
        retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    },

    /** The wait before checking a password on an account many wrong guesses were made on. */
    delayMs(email: string, now = Date.now()): number {
      const excess = byAccount.count(email, now) - FAILURES_BEFORE_SLOWDOWN;
      if (excess < 0) return 0;
      return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(excess, 10));
    },

    async slowDown(email: string): Promise<void> {
      const waitMs = this.delayMs(email);
      if (waitMs > 0) await sleep(waitMs);
    },

    record(email: string, ip: string, now = Date.now()): void {
      byClient.take(clientKey(email, ip), now);
      byAccount.take(email, now);
    },

    /** The right password from this client: its own count starts again (others' do not). */
    forgetClient(email: string, ip: string): void {
      byClient.reset(clientKey(email, ip));
    },

    /** A new password: every count on the account starts again. */
    forgetAccount(email: string): void {
      byAccount.reset(email);
      byClient.resetPrefix(clientKey(email, ''));
    },
  };
}
