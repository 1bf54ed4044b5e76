import { z } from 'zod';

/**
 * Contracts of a training plan's device files and calendar feed (ADR 0039, 0040): the workout
 * files of each dated session (FIT for head units and watches, .zwo for Zwift, .mrc and .erg for
 * ERG-mode trainer apps), the plan's zip of them, and the private calendar subscription.
 */

export const WORKOUT_FORMATS = ['fit', 'zwo', 'mrc', 'erg'] as const;
export type WorkoutFormat = (typeof WORKOUT_FORMATS)[number];

export const WORKOUT_FORMAT_LABELS: Record<WorkoutFormat, string> = {
  fit: 'FIT workout (Garmin, Wahoo, Hammerhead)',
  zwo: 'Zwift workout (.zwo)',
  mrc: 'ERG course, % FTP (.mrc)',
  erg: 'ERG course, watts (.erg)',
};

export const WORKOUT_FORMAT_UNAVAILABLE = {
  notCycling: 'Only rides have .mrc and .erg files (ERG mode on a trainer); runs download as FIT and Zwift workouts.',
  runZwoNeedsPace: 'A Zwift run workout sets its paces from your threshold pace: set it in Settings.',
  ergNeedsFtp: 'An .erg file holds watts, so it needs your FTP: set it in Settings, or use the .mrc file (% of FTP).',
  runNeedsThresholds: 'A run workout needs your threshold pace or heart-rate zones: set one of them in Settings.',
  noSteps: 'This session has no structured steps (rest, strength or race day).',
} as const;

export const SESSION_NOT_FOUND = 'No session on this day of the plan';
/** The longest range of sessions listed at once. */
export const SESSION_RANGE_MAX_DAYS = 62;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.').refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), 'Dates are YYYY-MM-DD.');

/** GET /api/training-plans/{id}/sessions: from today for two weeks unless told. */
export const planSessionsQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine(({ from, to }) => !from || !to || from <= to, 'The range ends before it starts.')
  .refine(({ from, to }) => !from || !to || (Date.parse(to) - Date.parse(from)) / 86_400_000 < SESSION_RANGE_MAX_DAYS, `Ask for at most ${SESSION_RANGE_MAX_DAYS} days at once.`);

export const sessionFileOffer = z.object({
  format: z.enum(WORKOUT_FORMATS),
  available: z.boolean(),
  /** Why the format is not offered; null when it is. */
  reason: z.string().nullable(),
});
export type SessionFileOffer = z.infer<typeof sessionFileOffer>;

export const planSessionFiles = z.object({
  from: z.string(),
  to: z.string(),
  sessions: z.array(
    z.object({
      date: z.string(),
      activityType: z.string(),
      durationMin: z.number().int(),
      files: z.array(sessionFileOffer),
    }),
  ),
});
export type PlanSessionFiles = z.infer<typeof planSessionFiles>;

/** GET /api/training-plans/{id}/calendar-feed: whether the plan has a feed URL (the URL itself is shown once, when made). */
export const calendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.iso.datetime().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** POST /api/training-plans/{id}/calendar-feed: a new URL, replacing any earlier one. */
export const calendarFeedCreated = z.object({
  /** https://<host>/calendar/<token>.ics */
  url: z.string(),
  /** The same feed as webcal://, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;
