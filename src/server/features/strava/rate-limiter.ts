/**
 * One budget for every Strava request Kairo makes, shared by all users (Strava counts per app).
 * Strava's windows: overall 200 per 15 min and 2,000 per day; reads 100 per 15 min and 1,000 per
 * day. The 15-minute windows reset at :00, :15, :30 and :45, the daily ones at midnight UTC.
 * Local counting keeps us inside the budget; every answer's X-RateLimit-* / X-ReadRateLimit-*
 * headers correct the count (other processes or apps may share the budget), and a 429 closes the
 * window until it resets.
 */
export type StravaRequestKind = 'read' | 'write';

interface Window {
  limit: number;
  usage: number;
  resetsAtMs: number;
  period: 'quarter' | 'day';
}

export interface StravaLimits {
  overall: [number, number];
  read: [number, number];
}

export const STRAVA_DEFAULT_LIMITS: StravaLimits = { overall: [200, 2000], read: [100, 1000] };

const QUARTER_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

export type Reservation = { ok: true } | { ok: false; retryAtMs: number };

export class StravaRateLimiter {
  private readonly overall: [Window, Window];
  private readonly read: [Window, Window];
  private readonly now: () => number;
  private readonly shortWindowMs: number;

  /**
   * `shortWindowMs` is Strava's 15 minutes; a simulator with shortened windows (tests) passes its
   * own. Windows are aligned to multiples of their length since the epoch, as Strava's are.
   */
  constructor(options: { limits?: StravaLimits; now?: () => number; shortWindowMs?: number } = {}) {
    const limits = options.limits ?? STRAVA_DEFAULT_LIMITS;
    this.now = options.now ?? Date.now;
    this.shortWindowMs = options.shortWindowMs ?? QUARTER_MS;
    const nowMs = this.now();
    const windows = (pair: [number, number]): [Window, Window] => [
      { limit: pair[0], usage: 0, period: 'quarter', resetsAtMs: this.nextReset('quarter', nowMs) },
      { limit: pair[1], usage: 0, period: 'day', resetsAtMs: this.nextReset('day', nowMs) },
    ];
    this.overall = windows(limits.overall);
    this.read = windows(limits.read);
  }

  private nextReset(period: Window['period'], nowMs: number): number {
    const size = period === 'quarter' ? this.shortWindowMs : DAY_MS;
    return Math.floor(nowMs / size) * size + size;
  }

  private windowsFor(kind: StravaRequestKind): Window[] {
    return kind === 'read' ? [...this.overall, ...this.read] : [...this.overall];
  }

  private roll(nowMs: number) {
    for (const window of [...this.overall, ...this.read]) {
      if (nowMs >= window.resetsAtMs) {
        window.usage = 0;
        window.resetsAtMs = this.nextReset(window.period, nowMs);
      }
    }
  }

  /** When the budget allows the next request of this kind; null when it does now. */
  blockedUntil(kind: StravaRequestKind): number | null {
    this.roll(this.now());
    const full = this.windowsFor(kind).filter((window) => window.usage >= window.limit);
    return full.length > 0 ? Math.max(...full.map((window) => window.resetsAtMs)) : null;
  }

  /** Takes one request from the budget, or says when the budget allows the next one. */
  reserve(kind: StravaRequestKind): Reservation {
    const retryAtMs = this.blockedUntil(kind);
    if (retryAtMs !== null) return { ok: false, retryAtMs };
    for (const window of this.windowsFor(kind)) window.usage += 1;
    return { ok: true };
  }

  /** Corrects the budget from an answer's headers (names case-insensitive, may be absent). */
  observe(headers: Headers, status: number): void {
    this.roll(this.now());
    applyHeader(this.overall, headers.get('x-ratelimit-limit'), headers.get('x-ratelimit-usage'));
    applyHeader(this.read, headers.get('x-readratelimit-limit'), headers.get('x-readratelimit-usage'));
    if (status === 429) {
      const usage = headers.get('x-ratelimit-usage') ?? headers.get('x-readratelimit-usage');
      // Without headers we cannot tell which window closed; the 15-minute one is the usual culprit.
      if (!usage) this.overall[0].usage = this.overall[0].limit;
    }
  }

  /** Each window's count and limit, read-only, for the operator's /metrics. */
  budget(): { scope: 'overall' | 'read'; window: 'short' | 'daily'; used: number; limit: number }[] {
    this.roll(this.now());
    return (['overall', 'read'] as const).flatMap((scope) =>
      this[scope].map((window) => ({ scope, window: window.period === 'quarter' ? ('short' as const) : ('daily' as const), used: window.usage, limit: window.limit })),
    );
  }

  /** A snapshot for logs and the bench. */
  usage(): { overall: [number, number]; read: [number, number] } {
    this.roll(this.now());
    return {
      overall: [this.overall[0].usage, this.overall[1].usage],
      read: [this.read[0].usage, this.read[1].usage],
    };
  }
}

function parsePair(value: string | null): [number, number] | null {
  if (!value) return null;
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 2 || parts.some((part) => !Number.isFinite(part) || part < 0)) return null;
  return [parts[0] as number, parts[1] as number];
}

function applyHeader(windows: [Window, Window], limitHeader: string | null, usageHeader: string | null) {
  const limits = parsePair(limitHeader);
  const usage = parsePair(usageHeader);
  windows.forEach((window, index) => {
    if (limits) window.limit = limits[index] as number;
    // Only ever raise the count: our own in-flight requests may not be in the server's figure yet.
    if (usage) window.usage = Math.max(window.usage, usage[index] as number);
  });
}
