import { z } from 'zod';

/**
 * Contracts of /api/profile (spec §2 Profile, §3 Athletic profile, §4 Profile page, §6, §7).
 *
 * - GET  /api/profile           → AthleticProfile, or 404 { message } when none was generated yet
 *                                 (the page then asks for one).
 * - POST /api/profile/generate  → AthleticProfile. The first profile is free for every account;
 *                                 generating again is Pro-level only (403 { message: PROFILE_REFRESH_PRO_MESSAGE }).
 *                                 It needs training data: Strava connected or activities imported
 *                                 (403 { message: PROFILE_DATA_REQUIRED_MESSAGE }, ADR 0017).
 * - POST /api/profile/events    → AthleticProfile with recommendedEvents filled; 404 without a profile.
 *
 * Every section is text, as the spec stores it. Prose sections are paragraphs and "- " bullets (the
 * same structure as analysis sections). `opportunitiesAhead` holds the goal cards and
 * `recommendedEvents` the event cards, in the text format of `shared/domain/profile-cards.ts`.
 */

export const PROFILE_REFRESH_PRO_MESSAGE = 'Profile refresh only available on Pro subscription';
export const PROFILE_NOT_FOUND_MESSAGE = 'No athletic profile yet';
export const PROFILE_DATA_REQUIRED_MESSAGE = 'Connect Strava or import your activity files to build your athletic profile.';
/** Spec §1, §7: the profile reads the athlete's last 30 activities. */
export const PROFILE_ACTIVITY_LIMIT = 30;

export const profileAuthors = ['builtin', 'llm'] as const;
export type ProfileAuthor = (typeof profileAuthors)[number];

/**
 * Where the event cards come from: the bundled catalogue of event formats (no dates or links
 * invented; the UI says so), or the configured language model.
 */
export const eventSources = ['catalogue', 'llm'] as const;
export type EventSource = (typeof eventSources)[number];

export const athleticProfile = z.object({
  signatureEdge: z.string(),
  athleteIdentity: z.string(),
  recentImprovements: z.string(),
  performanceStrengths: z.string(),
  performanceLimiters: z.string(),
  /** Goal cards (profile-cards.ts format). */
  opportunitiesAhead: z.string(),
  /** Event cards (profile-cards.ts format); empty until events were recommended. */
  recommendedEvents: z.string(),
  /** How many activities the profile was built from (at most PROFILE_ACTIVITY_LIMIT). */
  activityCount: z.number().int().min(0),
  author: z.enum(profileAuthors),
  /**
   * Written while the athlete's history was still arriving or being scored (right after connecting
   * Strava or importing an archive): Kai writes it again, on every plan, once the history is in.
   */
  historyPending: z.boolean(),
  eventsSource: z.enum(eventSources).nullable(),
  generatedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AthleticProfile = z.infer<typeof athleticProfile>;
