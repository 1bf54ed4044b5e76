/**
 * Strava's API rate limits, counted per application like Strava does: an overall limit on every
 * request and a stricter "read" limit on GET requests, each over a short window (15 minutes,
 * aligned to the quarter hour) and a long one (the day, reset at midnight UTC). Windows here are
 * aligned to multiples of their length since the epoch, which gives exactly those boundaries for
 * 900 s and 86 400 s, and keeps shrunk windows (for fast tests) just as predictable.
 */
export interface RateLimitSettings {
  /** When false, usage is still counted and reported but nothing is refused. */
  enabled: boolean;
  shortWindowS: number;
  longWindowS: number;
  overallShortLimit: number;
  overallLongLimit: number;
  readShortLimit: number;
  readLongLimit: number;
}

export const STRAVA_RATE_LIMITS: RateLimitSettings = {
  enabled: true,
  shortWindowS: 15 * 60,
  longWindowS: 24 * 3600,
  overallShortLimit: 200,
  overallLongLimit: 2000,
  readShortLimit: 100,
  readLongLimit: 1000,
};

export interface RateLimitUsage {
  overallShort: number;
  overallLong: number;
  readShort: number;
  readLong: number;
}

interface ClientWindows extends RateLimitUsage {
  shortWindowStartS: number;
  longWindowStartS: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

export class StravaRateLimiter {
  private settings: RateLimitSettings;
  private readonly clients = new Map<string, ClientWindows>();
  private readonly nowS: () => number;

  constructor(nowS: () => number, settings: Partial<RateLimitSettings> = {}) {
    this.nowS = nowS;
    this.settings = { ...STRAVA_RATE_LIMITS, ...settings };
  }

  configure(settings: Partial<RateLimitSettings>): RateLimitSettings {
    this.settings = { ...this.settings, ...settings };
    return this.current();
  }

  current(): RateLimitSettings {
    return { ...this.settings };
  }

  /** Forgets all usage (a new window for everyone). */
  reset(): void {
    this.clients.clear();
  }

  /** Sets an application's usage in the current windows, e.g. to start a test near the limit. */
  setUsage(clientId: string, usage: Partial<RateLimitUsage>): RateLimitUsage {
    const windows = this.windowsOf(clientId);
    Object.assign(windows, usage);
    return this.usage(clientId);
  }

  usage(clientId: string): RateLimitUsage {
    const { overallShort, overallLong, readShort, readLong } = this.windowsOf(clientId);
    return { overallShort, overallLong, readShort, readLong };
  }

  /**
   * Counts one request if it fits in every window. A refused request is not counted, so the usage
   * Strava reports while refusing sits at the limit (as in the recorded 429's headers).
   */
  take(clientId: string, isRead: boolean): RateLimitDecision {
    const windows = this.windowsOf(clientId);
    const s = this.settings;
    const overLimit =
      windows.overallShort >= s.overallShortLimit ||
      windows.overallLong >= s.overallLongLimit ||
      (isRead && (windows.readShort >= s.readShortLimit || windows.readLong >= s.readLongLimit));
    const allowed = !s.enabled || !overLimit;
    if (allowed) {
      windows.overallShort += 1;
      windows.overallLong += 1;
      if (isRead) {
        windows.readShort += 1;
        windows.readLong += 1;
      }
    }
    return { allowed, headers: this.headers(windows) };
  }

  /** The headers for an application without counting anything (for injected 429s). */
  headersAtLimit(clientId: string | null): Record<string, string> {
    const s = this.settings;
    const windows = clientId ? this.windowsOf(clientId) : null;
    return this.headers({
      overallShort: s.overallShortLimit,
      overallLong: Math.max(windows?.overallLong ?? 0, s.overallShortLimit),
      readShort: s.readShortLimit,
      readLong: Math.max(windows?.readLong ?? 0, s.readShortLimit),
    });
  }

  private headers(usage: RateLimitUsage): Record<string, string> {
    const s = this.settings;
    return {
      'X-RateLimit-Limit': `${s.overallShortLimit},${s.overallLongLimit}`,
      'X-RateLimit-Usage': `${usage.overallShort},${usage.overallLong}`,
      'X-ReadRateLimit-Limit': `${s.readShortLimit},${s.readLongLimit}`,
      'X-ReadRateLimit-Usage': `${usage.readShort},${usage.readLong}`,
    };
  }

  private windowsOf(clientId: string): ClientWindows {
    const nowS = this.nowS();
    const shortStart = Math.floor(nowS / this.settings.shortWindowS) * this.settings.shortWindowS;
    const longStart = Math.floor(nowS / this.settings.longWindowS) * this.settings.longWindowS;
    let windows = this.clients.get(clientId);
    if (!windows) {
      windows = { shortWindowStartS: shortStart, longWindowStartS: longStart, overallShort: 0, overallLong: 0, readShort: 0, readLong: 0 };
      this.clients.set(clientId, windows);
    }
    if (windows.shortWindowStartS !== shortStart) {
      windows.shortWindowStartS = shortStart;
      windows.overallShort = 0;
      windows.readShort = 0;
    }
    if (windows.longWindowStartS !== longStart) {
      windows.longWindowStartS = longStart;
      windows.overallLong = 0;
      windows.readLong = 0;
    }
    return windows;
  }
}
