import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { stravaAppPause } from '../../db/schema.ts';

/**
 * Strava refusing Kairo's whole application rather than one athlete (ADR 0067). Since mid-2026 a
 * Standard-tier app whose owner holds no Strava subscription is "Inactive" and every call answers
 * 403: retrying cannot help, and marking connections broken would send every athlete to reconnect
 * for nothing. Instead the sync pauses app-wide: the state is a row in the database (every instance
 * sees it), no API call goes out while it is there, and nothing stored changes. It ends when a
 * Strava call succeeds again (an athlete's authorization goes through) or when an instance starts
 * (the operator restarted it, e.g. after changing the app's settings or its owner's subscription);
 * the sync then resumes for every connected athlete.
 */
export type StravaPauseCause = 'app_inactive';
/** Every refusal the operator is told about: the app-wide pause, and the athlete cap at connecting. */
export type StravaRefusalCause = StravaPauseCause | 'athlete_limit';

export interface StravaAppPauseState {
  cause: StravaPauseCause;
  detail: string;
  since: Date;
}

/** How the operator hears of refusals: a log line is written here, the counter is the metrics'. */
export interface StravaRefusalObserver {
  refused(cause: StravaRefusalCause): void;
}

/** What the athlete reads while the pause lasts. */
export const STRAVA_PAUSE_MESSAGES: Record<StravaPauseCause, string> = {
  app_inactive: "Strava has paused this Kairo's access to Strava. Your data is safe; syncing resumes when the operator fixes it.",
};

/** Other instances see a pause (or its end) within this long; one statement per check otherwise. */
export const PAUSE_SEEN_WITHIN_MS = 2_000;
const CACHE_MS = PAUSE_SEEN_WITHIN_MS;

export function createStravaAppPause(
  db: Database,
  options: { clientId: string; log: FastifyBaseLogger; observe?: StravaRefusalObserver; onResumed?: () => Promise<void> },
) {
  const { clientId, log } = options;
  let cached: { state: StravaAppPauseState | null; readAtMs: number } | null = null;

  async function read(): Promise<StravaAppPauseState | null> {
    const [row] = await db.select().from(stravaAppPause).where(eq(stravaAppPause.clientId, clientId)).limit(1);
    return row ? { cause: row.cause, detail: row.detail, since: row.since } : null;
  }

  return {
    /** The pause in force, if any (read at most every CACHE_MS per instance). */
    async current(): Promise<StravaAppPauseState | null> {
      if (cached && Date.now() - cached.readAtMs < CACHE_MS) return cached.state;
      const state = await read();
      cached = { state, readAtMs: Date.now() };
      return state;
    },

    /** Strava refused the app: pause (the first instance to hear it writes the log line that matters). */
    async pause(cause: StravaPauseCause, detail: string): Promise<void> {
      options.observe?.refused(cause);
      const inserted = await db
        .insert(stravaAppPause)
        .values({ clientId, cause, detail: detail.slice(0, 500) })
        .onConflictDoNothing()
        .returning({ since: stravaAppPause.since });
      cached = { state: { cause, detail, since: inserted[0]?.since ?? new Date() }, readAtMs: Date.now() };
      if (inserted.length > 0) {
        log.error(
          { strava: { cause, clientId, answer: detail.slice(0, 300) } },
          `Strava refuses this app (cause: ${cause}): Strava sync is paused for every athlete, nothing stored is changed. ` +
            "A Standard-tier app is Inactive while its owner holds no Strava subscription: subscribe or move the app to another tier, then restart Kairo (or let an athlete connect) to resume. See docs/decisions/0067.",
        );
      }
    },

    /** Ends the pause (a Strava call succeeded, or this instance starts); true when there was one. */
    async resume(why: 'a Strava call succeeded' | 'an instance started'): Promise<boolean> {
      if (why === 'a Strava call succeeded' && (await this.current()) === null) return false;
      const removed = await db.delete(stravaAppPause).where(eq(stravaAppPause.clientId, clientId)).returning({ cause: stravaAppPause.cause });
      cached = { state: null, readAtMs: Date.now() };
      if (removed.length === 0) return false;
      log.warn({ strava: { cause: removed[0]?.cause, clientId } }, `Strava sync resumes: ${why}`);
      await options.onResumed?.();
      return true;
    },
  };
}

export type StravaAppPause = ReturnType<typeof createStravaAppPause>;
