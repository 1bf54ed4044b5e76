import { z } from 'zod';
import { defineEvent } from './bus.ts';

/**
 * Kairo's domain events, one place for all: the feature that publishes one and those that hear it
 * import it from here, so no two features import each other for it. Payloads carry ids only; a
 * subscriber reads what it needs, scoped to the account.
 */
const activityPayload = z.object({ accountId: z.uuid(), activityId: z.uuid() });
const accountPayload = z.object({ accountId: z.uuid() });

/** An activity arrived or changed (sync, webhook, upload). Published by activities. */
export const activityStored = defineEvent('activity.stored', activityPayload);

/** Much history arrived at once (backfill, archive). Published by activities. */
export const historyImported = defineEvent('activity.history-imported', accountPayload);

/** Activities were deleted: their load leaves the fitness series. Published by activities. */
export const activitiesRemoved = defineEvent('activity.removed', accountPayload);

/** The thresholds the activities are scored with changed (the coaching profile, Strava's athlete). Published by settings. */
export const thresholdsChanged = defineEvent('settings.thresholds-changed', accountPayload);

/**
 * An activity's metrics and the fitness series with them are stored: once per arriving activity,
 * and once per rescored history with its newest activity. Published by scoring.
 */
export const metricsComputed = defineEvent('scoring.metrics-computed', activityPayload);

/** A check-in or a wellness import changed the account's days (readiness reads them). Published by wellness. */
export const wellnessChanged = defineEvent('wellness.changed', accountPayload);

/** The account connected Strava: its history is to be brought in. Published by strava. */
export const stravaConnected = defineEvent('strava.connected', accountPayload);
