import type { RateLimitSettings } from './rate-limit.ts';

/** The application `npm run strava-sim` registers unless STRAVA_SIM_CLIENT_ID/SECRET say otherwise; Kairo's DEMO_STRAVA_URL mode uses it. */
export const STANDALONE_CLIENT = { clientId: '1001', clientSecret: 'strava-sim-secret' };

/**
 * Demo limits: a demo athlete has ~170 activities, and at Strava's real 100 reads per 15 minutes
 * the first sync would take an hour. The simulator still counts and reports usage in its headers.
 */
export const DEMO_RATE_LIMITS: Partial<RateLimitSettings> = {
  overallShortLimit: 100_000,
  overallLongLimit: 1_000_000,
  readShortLimit: 100_000,
  readLongLimit: 1_000_000,
};
