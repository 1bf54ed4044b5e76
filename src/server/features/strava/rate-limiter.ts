import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stravaBudget } from '../../db/schema.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * One budget for every Strava request Kairo makes, shared by all users and all instances (Strava
 * counts per app). Strava's windows: overall 200 per 15 min and 2,000 per day; reads 100 per 15 min
 * and 1,000 per day. The 15-minute windows reset at :00, :15, :30 and :45, the daily ones at
 * midnight UTC.
 *
 * The budget is a row in the database (ADR 0041): each request is reserved by one statement that
 * rolls the windows, checks every window the request counts against and counts it, under the row's
 * lock, so instances together never send more than the budget. Every answer's X-RateLimit-* /
 * X-ReadRateLimit-* headers correct the count (other apps may share the budget), and a 429 closes
 * the window until it resets. Windows follow the database clock, the one all instances share.
 */
export type StravaRequestKind = 'read' | 'write';

export interface StravaLimits {
  overall: [number, number];
  read: [number, number];
}

export const STRAVA_DEFAULT_LIMITS: StravaLimits = { overall: [200, 2000], read: [100, 1000] };

const QUARTER_MS = 15 * 60_000;

export type Reservation = { ok: true } | { ok: false; retryAtMs: number };

export interface StravaBudget {
  /** Takes one request from the budget, or says when the budget allows the next one. */
  reserve(kind: StravaRequestKind): Promise<Reservation>;
  /** Corrects the budget from an answer's headers (names case-insensitive, may be absent). */
  observe(headers: Headers, status: number): Promise<void>;
  /** When the budget allows the next request of this kind; null when it does now. */
  blockedUntil(kind: StravaRequestKind): Promise<number | null>;
  /** A snapshot for logs, metrics and the bench. */
  usage(): Promise<{ overall: [number, number]; read: [number, number] }>;
  /** Each window's usage and limit, for the operator's /metrics. */
  windows(): Promise<{ scope: 'overall' | 'read'; window: 'short' | 'daily'; used: number; limit: number }[]>;
}

/** The stored row with its windows rolled to now: usage of a window that has ended reads as 0. */
interface Windows {
  nowMs: number;
  shortStartMs: number;
  dayStartMs: number;
  usage: { overall: [number, number]; read: [number, number] };
  limits: StravaLimits;
}

interface RolledRow {
  now_ms: string;
  short_start_ms: string;
  day_start_ms: string;
  overall_short: number;
  overall_day: number;
  read_short: number;
  read_day: number;
  overall_short_limit: number;
  overall_day_limit: number;
  read_short_limit: number;
  read_day_limit: number;
}

function windowsOf(row: RolledRow): Windows {
  return {
    nowMs: Number(row.now_ms),
    shortStartMs: Number(row.short_start_ms),
    dayStartMs: Number(row.day_start_ms),
    usage: { overall: [row.overall_short, row.overall_day], read: [row.read_short, row.read_day] },
    limits: { overall: [row.overall_short_limit, row.overall_day_limit], read: [row.read_short_limit, row.read_day_limit] },
  };
}

export function createStravaBudget(
  db: Database,
  options: {
    /** The Strava application whose budget this is. */
    clientId: string;
    /** Strava's 15 minutes; a simulator with shortened windows (tests) passes its own. */
    shortWindowMs?: number;
    limits?: StravaLimits;
    /** Tests pin the clock; otherwise the database's. */
    now?: () => number;
  },
): StravaBudget {
  const shortMs = options.shortWindowMs ?? QUARTER_MS;
  const limits = options.limits ?? STRAVA_DEFAULT_LIMITS;
  const clientId = options.clientId;
  const nowSql = () => sql`coalesce(${options.now?.() ?? null}::bigint, floor(extract(epoch from clock_timestamp()) * 1000)::bigint)`;

  let created: Promise<void> | undefined;
  const ensureRow = () =>
    (created ??= db
      .insert(stravaBudget)
      .values({
        clientId,
        shortWindowStartMs: 0,
        dayStartMs: 0,
        overallShort: 0,
        overallDay: 0,
        readShort: 0,
        readDay: 0,
        overallShortLimit: limits.overall[0],
        overallDayLimit: limits.overall[1],
        readShortLimit: limits.read[0],
        readDayLimit: limits.read[1],
      })
      .onConflictDoNothing()
      .then(
        () => undefined,
        (error: unknown) => {
          created = undefined;
          throw error;
        },
      ));

  /** The row, locked when `lock`, with its windows rolled to the clock's now (a subquery named `rolled`). */
  const rolled = (lock: boolean): SQL => sql`
    select b.client_id, clock.now_ms,
           (clock.now_ms / ${shortMs}::bigint) * ${shortMs}::bigint as short_start_ms,
           (clock.now_ms / ${DAY_MS}::bigint) * ${DAY_MS}::bigint as day_start_ms,
           case when b.short_window_start_ms = (clock.now_ms / ${shortMs}::bigint) * ${shortMs}::bigint then b.overall_short else 0 end as overall_short,
           case when b.day_start_ms = (clock.now_ms / ${DAY_MS}::bigint) * ${DAY_MS}::bigint then b.overall_day else 0 end as overall_day,
           case when b.short_window_start_ms = (clock.now_ms / ${shortMs}::bigint) * ${shortMs}::bigint then b.read_short else 0 end as read_short,
           case when b.day_start_ms = (clock.now_ms / ${DAY_MS}::bigint) * ${DAY_MS}::bigint then b.read_day else 0 end as read_day,
           b.overall_short_limit, b.overall_day_limit, b.read_short_limit, b.read_day_limit
      from ${stravaBudget} as b, (select ${nowSql()} as now_ms) as clock
     where b.client_id = ${clientId}
     ${lock ? sql`for update of b` : sql``}`;

  const rows = async <Row>(query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

  /**
   * The budget as this instance last saw it, with the local time it was seen: an answer whose
   * headers say nothing new (the same limits, no window's usage above what was seen, still the same
   * windows) needs no write, which spares most answers a statement.
   */
  let seen: { windows: Windows; atMs: number } | undefined;
  const remember = (windows: Windows) => {
    seen = { windows, atMs: Date.now() };
  };
  function nothingNew(limitsAnswered: { overall: [number, number] | null; read: [number, number] | null }, usageAnswered: { overall: [number, number] | null; read: [number, number] | null }): boolean {
    if (!seen) return false;
    const { windows } = seen;
    const nowMs = windows.nowMs + (Date.now() - seen.atMs);
    if (Math.floor(nowMs / shortMs) * shortMs !== windows.shortStartMs || Math.floor(nowMs / DAY_MS) * DAY_MS !== windows.dayStartMs) return false;
    return (['overall', 'read'] as const).every((family) => {
      const limits = limitsAnswered[family];
      const usage = usageAnswered[family];
      const sameLimits = !limits || (limits[0] === windows.limits[family][0] && limits[1] === windows.limits[family][1]);
      const notAbove = !usage || (usage[0] <= windows.usage[family][0] && usage[1] <= windows.usage[family][1]);
      return sameLimits && notAbove;
    });
  }

  async function read(): Promise<Windows> {
    await ensureRow();
    const [row] = await rows<RolledRow>(rolled(false));
    if (!row) throw new Error(`no Strava budget row for client ${clientId}`);
    const windows = windowsOf(row);
    remember(windows);
    return windows;
  }

  /** When the windows this kind counts against allow the next request; null when they do now. */
  function retryAt(windows: Windows, kind: StravaRequestKind): number | null {
    const { usage, limits: current } = windows;
    const families = kind === 'read' ? (['overall', 'read'] as const) : (['overall'] as const);
    const ends: number[] = [];
    for (const family of families) {
      if (usage[family][0] >= current[family][0]) ends.push(windows.shortStartMs + shortMs);
      if (usage[family][1] >= current[family][1]) ends.push(windows.dayStartMs + DAY_MS);
    }
    return ends.length > 0 ? Math.max(...ends) : null;
  }

  return {
    async reserve(kind) {
      await ensureRow();
      const read = kind === 'read';
      const [row] = await rows<RolledRow & { ok: boolean }>(sql`
        with decided as (
          select rolled.*,
                 (rolled.overall_short < rolled.overall_short_limit and rolled.overall_day < rolled.overall_day_limit
                   and (not ${read}::boolean or (rolled.read_short < rolled.read_short_limit and rolled.read_day < rolled.read_day_limit))) as ok
            from (${rolled(true)}) as rolled
        )
        update ${stravaBudget} as b set
          short_window_start_ms = d.short_start_ms,
          day_start_ms = d.day_start_ms,
          overall_short = d.overall_short + d.ok::int,
          overall_day = d.overall_day + d.ok::int,
          read_short = d.read_short + (d.ok and ${read}::boolean)::int,
          read_day = d.read_day + (d.ok and ${read}::boolean)::int
          from decided as d
         where b.client_id = d.client_id
        returning d.*`);
      if (!row) throw new Error(`no Strava budget row for client ${clientId}`);
      const windows = windowsOf(row);
      if (row.ok) {
        // The row as this statement left it: the request counted.
        windows.usage.overall = [windows.usage.overall[0] + 1, windows.usage.overall[1] + 1];
        if (read) windows.usage.read = [windows.usage.read[0] + 1, windows.usage.read[1] + 1];
      }
      remember(windows);
      if (row.ok) return { ok: true };
      return { ok: false, retryAtMs: retryAt(windows, kind) ?? windows.nowMs };
    },

    async observe(headers, status) {
      const overallLimit = parsePair(headers.get('x-ratelimit-limit'));
      const overallUsage = parsePair(headers.get('x-ratelimit-usage'));
      const readLimit = parsePair(headers.get('x-readratelimit-limit'));
      const readUsage = parsePair(headers.get('x-readratelimit-usage'));
      // Without headers a 429 cannot say which window closed; the 15-minute one is the usual culprit.
      const closeShort = status === 429 && !headers.get('x-ratelimit-usage') && !headers.get('x-readratelimit-usage');
      if (!overallLimit && !overallUsage && !readLimit && !readUsage && !closeShort) return;
      if (!closeShort && nothingNew({ overall: overallLimit, read: readLimit }, { overall: overallUsage, read: readUsage })) return;
      await ensureRow();
      const value = (pair: [number, number] | null, index: 0 | 1) => sql`${pair ? pair[index] : null}::int`;
      // Usage only ever rises: our own in-flight requests may not be in Strava's figure yet.
      await db.execute(sql`
        update ${stravaBudget} as b set
          short_window_start_ms = r.short_start_ms,
          day_start_ms = r.day_start_ms,
          overall_short_limit = coalesce(${value(overallLimit, 0)}, r.overall_short_limit),
          overall_day_limit = coalesce(${value(overallLimit, 1)}, r.overall_day_limit),
          read_short_limit = coalesce(${value(readLimit, 0)}, r.read_short_limit),
          read_day_limit = coalesce(${value(readLimit, 1)}, r.read_day_limit),
          overall_short = case when ${closeShort}::boolean then coalesce(${value(overallLimit, 0)}, r.overall_short_limit)
                               else greatest(r.overall_short, coalesce(${value(overallUsage, 0)}, 0)) end,
          overall_day = greatest(r.overall_day, coalesce(${value(overallUsage, 1)}, 0)),
          read_short = greatest(r.read_short, coalesce(${value(readUsage, 0)}, 0)),
          read_day = greatest(r.read_day, coalesce(${value(readUsage, 1)}, 0))
          from (${rolled(true)}) as r
         where b.client_id = r.client_id`);
      seen = undefined;
    },

    async blockedUntil(kind) {
      return retryAt(await read(), kind);
    },

    async usage() {
      return (await read()).usage;
    },
    async windows() {
      const { usage, limits: stated } = await read();
      return (['overall', 'read'] as const).flatMap((scope) =>
        (['short', 'daily'] as const).map((window, index) => ({ scope, window, used: usage[scope][index] as number, limit: stated[scope][index] as number })),
      );
    },
  };
}

function parsePair(value: string | null): [number, number] | null {
  if (!value) return null;
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 2 || parts.some((part) => !Number.isInteger(part) || part < 0)) return null;
  return [parts[0] as number, parts[1] as number];
}
