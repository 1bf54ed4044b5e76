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
});
export type StravaStatus = z.infer<typeof stravaStatus>;
