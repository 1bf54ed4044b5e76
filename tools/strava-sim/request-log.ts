/**
 * Every request the simulator answered, so a test or benchmark can count calls (per endpoint, per
 * activity, per application) and check that a client is frugal with Strava's rate limits.
 */
export interface LoggedRequest {
  method: string;
  /** The path below the simulator's mount point, without the query string. */
  path: string;
  /** The route pattern below the mount point, e.g. '/api/v3/activities/:id/streams'. */
  route: string;
  query: string;
  status: number;
  clientId: string | null;
  athleteId: number | null;
  /** When it was answered, on the simulator's clock, in ms since the epoch. */
  atMs: number;
}

/** The newest entries kept in full; counts cover every request since the last reset. */
const MAX_ENTRIES = 20_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private readonly countsByRoute = new Map<string, number>();

  record(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    const key = `${entry.method} ${entry.route}`;
    this.countsByRoute.set(key, (this.countsByRoute.get(key) ?? 0) + 1);
  }

  /** Logged requests, oldest first, optionally only those matching every given field. */
  list(filter: Partial<Pick<LoggedRequest, 'method' | 'route' | 'path' | 'clientId' | 'athleteId' | 'status'>> = {}): LoggedRequest[] {
    const conditions = Object.entries(filter).filter(([, value]) => value !== undefined);
    return this.entries.filter((entry) => conditions.every(([key, value]) => entry[key as keyof LoggedRequest] === value));
  }

  /** Requests per "METHOD /route", e.g. { 'GET /api/v3/activities/:id/streams': 12 }. */
  counts(): Record<string, number> {
    return Object.fromEntries(this.countsByRoute);
  }

  reset(): void {
    this.entries = [];
    this.countsByRoute.clear();
  }
}
