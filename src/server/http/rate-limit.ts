import { AppError } from './errors.ts';

/**
 * Sliding-window limiter kept in process memory: exact for one process, which is Kairo's deployment
 * unit (see docs/decisions). Each key keeps the timestamps of its accepted hits inside the window.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;

  constructor(options: { limit: number; windowMs: number; maxKeys?: number }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? 50_000;
  }

  /** Records a hit when allowed. Returns the wait in ms before the next hit may pass (0 = allowed). */
  take(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) return (recent[0] ?? now) + this.windowMs - now;
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > this.maxKeys) this.sweep(now);
    return 0;
  }

  /** How many hits are left in the window for this key, without recording one. */
  remaining(key: string, now = Date.now()): number {
    return Math.max(0, this.limit - this.recent(key, now).length);
  }

  /** How many hits the key has in the window. */
  count(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Forgets every key that starts with the prefix. */
  resetPrefix(prefix: string): void {
    for (const key of this.hits.keys()) if (key.startsWith(prefix)) this.hits.delete(key);
  }

  /** Throws a 429 AppError with Retry-After when the key is over its limit. */
  enforce(key: string, message: string, now = Date.now()): void {
    const waitMs = this.take(key, now);
    if (waitMs > 0) throw new AppError('too_many_requests', message, { retryAfterS: Math.ceil(waitMs / 1000) });
  }

  private recent(key: string, now: number): number[] {
    const cutoff = now - this.windowMs;
    return (this.hits.get(key) ?? []).filter((at) => at > cutoff);
  }

  private sweep(now: number): void {
    for (const key of this.hits.keys()) {
      const recent = this.recent(key, now);
      if (recent.length === 0) this.hits.delete(key);
      else this.hits.set(key, recent);
    }
  }
}
