import { z } from 'zod';

/** GET /api/strava/status: whether Strava is connected and how far the first sync has come. */
export const stravaStatus = z.object({
  connected: z.boolean(),
  /** 'broken' when Strava stopped accepting the tokens (revoked, expired refresh): reconnecting fixes it. */
  status: z.enum(['connected', 'broken']).nullable(),
  athleteName: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  demo: z.boolean(),
  /** False while the history backfill after connecting is still running. */
  backfillDone: z.boolean(),
  lastSyncAt: z.string().nullable(),
  /**
   * The first sync's progress while it runs: the activities Strava listed so far and those whose
   * detail and streams are in ("312 of 1,204 activities"). Null once the history is in and scored,
   * and without a connection. Optional for clients of an older server.
   */
  history: z.object({ activities: z.number(), detailed: z.number() }).nullable().optional(),
  /**
   * Whether Strava-sourced data may leave Kairo for an AI (the relaxed data policy). Under the strict
   * policy (ADR 7) it may not: no prompt, and no 'Export to other AIs' file of a Strava activity.
   */
  stravaDataToAi: z.boolean(),
  /**
   * Strava refuses this Kairo's app as a whole (ADR 0067: `app_inactive`, a Standard-tier app whose
   * owner holds no subscription): syncing waits for the operator, nothing stored is lost. `message`
   * is what the athlete reads. Null when syncing runs. Optional for clients of an older server.
   */
  syncPaused: z.object({ cause: z.enum(['app_inactive']), message: z.string() }).nullable().optional(),
});
export type StravaStatus = z.infer<typeof stravaStatus>;

/** `/?strava_error=` reasons for Strava's app-wide refusals at connecting (ADR 0067). */
export const STRAVA_ATHLETE_LIMIT_ERROR = 'athlete-limit';
export const STRAVA_APP_PAUSED_ERROR = 'app-paused';

/** The `error` the server adds to /login when a signed-out "Connect with Strava" found no linked account. */
export const STRAVA_UNLINKED_ERROR = 'strava-unlinked';
