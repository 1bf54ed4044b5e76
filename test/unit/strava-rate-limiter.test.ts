import { describe, expect, it } from 'vitest';
import { StravaRateLimiter } from '../../src/server/features/strava/rate-limiter.ts';

const at = (iso: string) => Date.parse(iso);

describe('StravaRateLimiter', () => {
  it('spends the 15-minute read budget, then waits for the next quarter hour', () => {
    let now = at('2026-05-01T10:07:00Z');
    const limiter = new StravaRateLimiter({ now: () => now });
    for (let i = 0; i < 100; i += 1) expect(limiter.reserve('read').ok).toBe(true);
    expect(limiter.reserve('read')).toEqual({ ok: false, retryAtMs: at('2026-05-01T10:15:00Z') });
    // Writes only count against the overall budget, which still has room.
    expect(limiter.reserve('write').ok).toBe(true);
    now = at('2026-05-01T10:15:00Z');
    expect(limiter.reserve('read').ok).toBe(true);
    expect(limiter.usage()).toEqual({ overall: [1, 102], read: [1, 101] });
  });

  it('stops for the day when the daily budget is spent, until midnight UTC', () => {
    let now = at('2026-05-01T22:00:00Z');
    const limiter = new StravaRateLimiter({ now: () => now, limits: { overall: [200, 2000], read: [100, 150] } });
    for (let quarter = 0; quarter < 2; quarter += 1) {
      while (limiter.reserve('read').ok);
      now += 15 * 60_000;
    }
    expect(limiter.usage().read[1]).toBe(150);
    expect(limiter.reserve('read')).toEqual({ ok: false, retryAtMs: at('2026-05-02T00:00:00Z') });
  });

  it("takes Strava's headers as the truth (case-insensitive, absent is fine)", () => {
    const now = at('2026-05-01T10:00:30Z');
    const limiter = new StravaRateLimiter({ now: () => now });
    limiter.observe(new Headers({ 'X-RateLimit-Limit': '600,30000', 'x-ratelimit-usage': '600,1200' }), 200);
    expect(limiter.blockedUntil('write')).toBe(at('2026-05-01T10:15:00Z'));
    limiter.observe(new Headers(), 200);
    expect(limiter.usage().overall).toEqual([600, 1200]);
    limiter.observe(new Headers({ 'X-RateLimit-Usage': 'garbage' }), 200);
    expect(limiter.usage().overall).toEqual([600, 1200]);
  });

  it('closes the 15-minute window on a 429 without headers', () => {
    const now = at('2026-05-01T10:44:59Z');
    const limiter = new StravaRateLimiter({ now: () => now });
    limiter.observe(new Headers(), 429);
    expect(limiter.reserve('read')).toEqual({ ok: false, retryAtMs: at('2026-05-01T10:45:00Z') });
  });
});
