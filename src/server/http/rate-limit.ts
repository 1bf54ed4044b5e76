import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { throttles } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * Sliding-window throttles kept in the database, so every instance of a cluster counts against the
 * same limit (ADR 0041). A key's row holds the times of its accepted hits inside the window; one
 * statement per hit drops the times that left the window, decides, and records, under the row lock
 * PostgreSQL takes for INSERT … ON CONFLICT DO UPDATE, so two instances never both take the last
 * place. Times come from the database clock, the one clock all instances share; tests may pass
 * their own `nowMs`.
 */
export interface Throttle {
  /** Records a hit when allowed. Resolves to the wait in ms before the next hit may pass (0 = allowed). */
  take(key: string, nowMs?: number): Promise<number>;
  /** The wait before a hit would pass, without recording one (0 = it would pass now). */
  waitMs(key: string, nowMs?: number): Promise<number>;
  /** How many hits the key has in the window. */
  count(key: string, nowMs?: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Forgets every key of this throttle that starts with the prefix. */
  resetPrefix(prefix: string): Promise<void>;
  /** Rejects with a 429 AppError carrying Retry-After when the key is over its limit; records the hit otherwise. */
  enforce(key: string, message: string, nowMs?: number): Promise<void>;
}

export interface ThrottleOptions {
  limit: number;
  windowMs: number;
  /**
   * 'refuse' (a limit): a hit over the limit is refused and not recorded. 'forget-oldest' (a
   * counter that only needs to know whether it reached `limit`): every hit is recorded and the
   * row keeps the latest `limit` of them.
   */
  whenFull?: 'refuse' | 'forget-oldest';
}

export interface Throttles {
  /** The throttle named `scope` (each scope is its own set of keys). */
  throttle(scope: string, options: ThrottleOptions): Throttle;
  /** Deletes the rows whose window has passed (the housekeeping job); resolves to how many. */
  purgeExpired(): Promise<number>;
}

export function createThrottles(db: Database): Throttles {
  const clockMs = (nowMs: number | undefined) =>
    sql`coalesce(${nowMs ?? null}::bigint, floor(extract(epoch from clock_timestamp()) * 1000)::bigint)`;

  return {
    throttle(scope, options) {
      const { limit, windowMs } = options;
      const forgetOldest = options.whenFull === 'forget-oldest';
      const inWindow = (hits: SQL, nowMs: SQL) =>
        sql`array(select hit from unnest(${hits}) as hit where hit > ${nowMs} - ${windowMs}::bigint)`;

      async function read(key: string, nowMs: number | undefined): Promise<{ hits: number[]; nowMs: number }> {
        const now = clockMs(nowMs);
        const result = (await db.execute(sql`
          select ${now} as now_ms,
                 (select ${inWindow(sql`${throttles.hitsMs}`, now)} from ${throttles}
                   where ${throttles.scope} = ${scope} and ${throttles.key} = ${key}) as hits`)) as unknown as {
          rows: { now_ms: string | number; hits: (string | number)[] | null }[];
        };
        const row = result.rows[0];
        return { hits: (row?.hits ?? []).map(Number), nowMs: Number(row?.now_ms) };
      }

      const waitFrom = (hits: number[], nowMs: number) =>
        hits.length >= limit ? Math.max(1, (hits[hits.length - limit] ?? nowMs) + windowMs - nowMs) : 0;

      const self: Throttle = {
        async take(key, nowMs) {
          const now = clockMs(nowMs);
          const kept = inWindow(sql`t.hits_ms`, sql`excluded.hits_ms[1]`);
          const result = (await db.execute(sql`
            insert into ${throttles} as t (scope, key, hits_ms, accepted, expires_at)
            select ${scope}::text, ${key}::text, array[clock.now_ms], true, to_timestamp((clock.now_ms + ${windowMs}::bigint) / 1000.0)
              from (select ${now} as now_ms) as clock
            on conflict (scope, key) do update set
              hits_ms = case
                when cardinality(${kept}) < ${limit}::int then ${kept} || excluded.hits_ms[1]
                when ${forgetOldest}::boolean then (${kept} || excluded.hits_ms[1])[2:]
                else ${kept}
              end,
              accepted = ${forgetOldest}::boolean or cardinality(${kept}) < ${limit}::int,
              expires_at = excluded.expires_at
            returning t.accepted, t.hits_ms, ${now} as now_ms`)) as unknown as {
            rows: { accepted: boolean; hits_ms: (string | number)[]; now_ms: string | number }[];
          };
          const row = result.rows[0];
          if (!row || row.accepted) return 0;
          return waitFrom(row.hits_ms.map(Number), Number(row.now_ms));
        },
        async waitMs(key, nowMs) {
          const { hits, nowMs: now } = await read(key, nowMs);
          return waitFrom(hits, now);
        },
        async count(key, nowMs) {
          return (await read(key, nowMs)).hits.length;
        },
        async reset(key) {
          await db.execute(sql`delete from ${throttles} where ${throttles.scope} = ${scope} and ${throttles.key} = ${key}`);
        },
        async resetPrefix(prefix) {
          await db.execute(sql`delete from ${throttles} where ${throttles.scope} = ${scope} and starts_with(${throttles.key}, ${prefix})`);
        },
        async enforce(key, message, nowMs) {
          const waitMs = await self.take(key, nowMs);
          if (waitMs > 0) throw new AppError('too_many_requests', message, { retryAfterS: Math.ceil(waitMs / 1000) });
        },
      };
      return self;
    },

    async purgeExpired() {
      const removed = (await db.execute(sql`delete from ${throttles} where ${throttles.expiresAt} < now() returning 1`)) as unknown as { rows: unknown[] };
      return removed.rows.length;
    },
  };
}
