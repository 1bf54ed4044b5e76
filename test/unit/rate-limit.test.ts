import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../src/server/http/rate-limit.ts';

describe('SlidingWindowLimiter', () => {
  it('allows the limit inside the window and tells how long to wait for the next hit', () => {
    const limiter = new SlidingWindowLimiter({ limit: 5, windowMs: 600_000 });
    for (let i = 0; i < 5; i += 1) expect(limiter.take('a', 1_000 + i * 1_000)).toBe(0);
    expect(limiter.take('a', 10_000)).toBe(1_000 + 600_000 - 10_000);
    expect(limiter.remaining('a', 10_000)).toBe(0);
    expect(limiter.take('b', 10_000)).toBe(0);
    // The window slides: the first hit leaves it, one place opens.
    expect(limiter.take('a', 601_001)).toBe(0);
    expect(limiter.take('a', 601_002)).toBeGreaterThan(0);
  });

  it('never accepts more than the limit in any window (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 200 }), fc.integer({ min: 1, max: 8 }), (gaps, limit) => {
        const windowMs = 1_000;
        const limiter = new SlidingWindowLimiter({ limit, windowMs });
        const accepted: number[] = [];
        let now = 0;
        for (const gap of gaps) {
          now += gap % 400;
          if (limiter.take('k', now) === 0) accepted.push(now);
        }
        for (const at of accepted) {
          expect(accepted.filter((other) => other > at - windowMs && other <= at).length).toBeLessThanOrEqual(limit);
        }
      }),
    );
  });

  it('throws a 429 AppError with Retry-After seconds from enforce', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 60_000 });
    limiter.enforce('x', 'slow down', 0);
    expect(() => limiter.enforce('x', 'slow down', 30_000)).toThrowError(
      expect.objectContaining({ code: 'too_many_requests', retryAfterS: 30, message: 'slow down' }),
    );
  });

  it('forgets idle keys when it grows past its key budget', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1_000, maxKeys: 10 });
    for (let i = 0; i < 50; i += 1) limiter.take(`k${i}`, i * 2_000);
    expect(limiter.remaining('k0', 100_000)).toBe(1);
  });
});
