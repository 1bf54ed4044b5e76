import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FileQuality } from '../../shared/api/activities.ts';
import { analysisCoaches, type NextSession } from '../../shared/api/analysis.ts';
import { eventSources, profileAuthors } from '../../shared/api/athletic-profile.ts';
import { weightSources, type HrSport, type SportHeartRateField } from '../../shared/api/settings.ts';
import { adjustmentStatuses, adjustmentTriggers, type StoredAdjustmentChange } from '../../shared/api/plan-adjustments.ts';
import { activityKinds, completionGoals, preparationTypes, type GeneratedPlan } from '../../shared/api/training-plans.ts';
import { accountPlans, paymentStatuses } from '../../shared/domain/account-plan.ts';
import { apiTokenScopes } from '../../shared/api/api-tokens.ts';
import type { AskChart, AskFact, AskSource } from '../../shared/api/coach-conversations.ts';
import { coachingStyles } from '../../shared/domain/coaching-style.ts';
import { rideDetailTypes } from '../../shared/domain/ride-detail.ts';
import { unitSystems } from '../../shared/domain/unit-system.ts';
import { weekdays } from '../../shared/domain/week-start.ts';

/** Kairo's system of record. One migration history serves PGlite and PostgreSQL. */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The account a row belongs to: deleting the account deletes the row. */
function ownedBy(column: 'account_id' | 'user_id') {
  return uuid(column)
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
}

/** The key of a table with at most one row per account, deleted with the account. */
function oneForAccount() {
  return uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' });
}

/** The key of a table with at most one row per activity, deleted with the activity. */
function oneForActivity() {
  return uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' });
}

export const accountPlan = pgEnum('account_plan', accountPlans);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-case; unique. */
  email: text('email').notNull().unique(),
  hashedPassword: text('hashed_password'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImage: text('profile_image'),
  emailVerified: boolean('email_verified').notNull().default(false),
  plan: accountPlan('plan').notNull().default('Trial14'),
  trialExpiryDate: timestamp('trial_expiry_date', { withTimezone: true }).default(sql`now() + interval '14 days'`),
  trainingPlansGenerated: integer('training_plans_generated').notNull().default(0),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  paymentFailures: integer('payment_failures').notNull().default(0),
  lastPaymentFailedAt: timestamp('last_payment_failed_at', { withTimezone: true }),
  paymentStatus: paymentStatus('payment_status').notNull().default('none'),
  downgradedAt: timestamp('downgraded_at', { withTimezone: true }),
  previousPlan: accountPlan('previous_plan'),
  ...timestamps,
});

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: ownedBy('account_id'),
    provider: text('provider').notNull(),
    /** The provider's subject identifier for this person. */
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('oauth_accounts_provider_subject').on(table.provider, table.providerId),
    index('oauth_accounts_account').on(table.accountId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: ownedBy('account_id'),
    email: text('email').notNull(),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('password_resets_account').on(table.accountId)],
);

/**
 * A registration waiting for its address to be confirmed (where mail is delivered, ADR 0053): the
 * account is created from it when the link in the mail is used. Nothing here is an account yet, so
 * a sign-in or a second registration cannot tell it exists.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    hashedPassword: text('hashed_password').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('pending_registrations_email').on(table.email), index('pending_registrations_expires').on(table.expiresAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** Keyed hash of the cookie token; the token itself is never stored. */
    sid: text('sid').primaryKey(),
    accountId: ownedBy('account_id'),
    sess: jsonb('sess').$type<{ userAgent?: string; provider: 'password' | 'google' | 'register' | 'reset' | 'strava' }>().notNull(),
    /** Idle expiry, pushed forward while the session is used. */
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** Absolute expiry, never moved. */
    absoluteExpire: timestamp('absolute_expire', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('sessions_account').on(table.accountId), index('sessions_expire').on(table.expire)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    sessionId: text('session_id'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('page_views_created').on(table.createdAt)],
);

export const buttonInteractions = pgTable(
  'button_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buttonType: text('button_type').notNull(),
    analysisSection: text('analysis_section').notNull(),
    userId: uuid('user_id').references(() => accounts.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('button_interactions_user').on(table.userId)],
);

export const userEvents = pgTable(
  'user_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventType: text('event_type').notNull(),
    eventName: text('event_name').notNull(),
    userId: uuid('user_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    eventData: jsonb('event_data'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    referrer: text('referrer'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('user_events_account').on(table.accountId)],
);

export const activitySources = ['strava', 'file', 'archive', 'demo'] as const;
export type ActivitySource = (typeof activitySources)[number];
export const activitySource = pgEnum('activity_source', activitySources);

/** The tracking-service (Strava) connection of an account. Tokens are encrypted at rest. */
export const stravaConnections = pgTable('strava_connections', {
  accountId: oneForAccount(),
  stravaId: text('strava_id').notNull().unique(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  scope: text('scope').notNull(),
  name: text('name'),
  profilePhoto: text('profile_photo'),
  /** demo = the bundled simulator's athlete; its activities are recorded with source 'demo'. */
  demo: boolean('demo').notNull().default(false),
  /** connected, or broken when Strava refused our refresh token (the athlete must reconnect). */
  status: text('status', { enum: ['connected', 'broken'] }).notNull().default('connected'),
  /** Backfill progress: activities older than this epoch second are still to be listed. */
  backfillBefore: integer('backfill_before'),
  backfillDone: boolean('backfill_done').notNull().default(false),
  /** Whether the backfilled history has been scored in one pass, oldest first (see metrics jobs). */
  historyScored: boolean('history_scored').notNull().default(false),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownedBy('user_id'),
    source: activitySource('source').notNull(),
    /** Strava's activity id (strava, demo), or the content hash of an uploaded file (file, archive). */
    sourceKey: text('source_key').notNull(),
    stravaActivityId: text('strava_activity_id'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    sportType: text('sport_type').notNull(),
    distance: doublePrecision('distance').notNull().default(0),
    movingTime: integer('moving_time').notNull().default(0),
    elapsedTime: integer('elapsed_time').notNull().default(0),
    totalElevationGain: doublePrecision('total_elevation_gain'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    timezone: text('timezone'),
    averageSpeed: doublePrecision('average_speed'),
    maxSpeed: doublePrecision('max_speed'),
    elevHigh: doublePrecision('elev_high'),
    elevLow: doublePrecision('elev_low'),
    workoutType: integer('workout_type'),
    averageHeartrate: doublePrecision('average_heartrate'),
    maxHeartrate: doublePrecision('max_heartrate'),
    averageCadence: doublePrecision('average_cadence'),
    averageWatts: doublePrecision('average_watts'),
    maxWatts: doublePrecision('max_watts'),
    weightedAverageWatts: doublePrecision('weighted_average_watts'),
    deviceWatts: boolean('device_watts').notNull().default(false),
    kilojoules: doublePrecision('kilojoules'),
    calories: doublePrecision('calories'),
    trainer: boolean('trainer').notNull().default(false),
    commute: boolean('commute').notNull().default(false),
    sufferScore: doublePrecision('suffer_score'),
    startLatlng: jsonb('start_latlng').$type<[number, number] | null>(),
    endLatlng: jsonb('end_latlng').$type<[number, number] | null>(),
    description: text('description'),
    deviceName: text('device_name'),
    segmentEfforts: jsonb('segment_efforts').$type<unknown[]>(),
    bestEfforts: jsonb('best_efforts').$type<unknown[]>(),
    laps: jsonb('laps').$type<unknown[]>(),
    splitsMetric: jsonb('splits_metric').$type<unknown[]>(),
    splitsStandard: jsonb('splits_standard').$type<unknown[]>(),
    /** The raw detailed payload from the source (purged for Strava under the strict data policy). */
    detailedData: jsonb('detailed_data'),
    /**
     * What the importer did to an uploaded file's samples (timestamps merged or dropped, a file
     * cut short and salvaged): see FileQuality in shared/api/activities.ts. Null for Strava.
     */
    fileQuality: jsonb('file_quality').$type<FileQuality | null>(),
    /** When detail and streams were fetched; null while only the summary is known. */
    detailFetchedAt: timestamp('detail_fetched_at', { withTimezone: true }),
    /**
     * The account's activity this one records a second time (a Strava sync of an uploaded file, see
     * docs/decisions/0013-activity-duplicates.md). A duplicate is kept so its source can update or
     * delete it, but lists, load, fitness and bests leave it out; it comes back if the other goes.
     */
    duplicateOf: uuid('duplicate_of').references((): AnyPgColumn => activities.id, { onDelete: 'set null' }),
    /**
     * The activity as a list item: the JSON text the server writes for it (ADR 0059), kept so a page
     * of the list is read as text. Written by the first read that needs it; the trigger
     * activities_list_item_stale (migration 0018) empties it whenever a listed column changes.
     */
    listItem: text('list_item'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('activities_source_key').on(table.userId, table.source, table.sourceKey),
    uniqueIndex('activities_strava_activity_id').on(table.stravaActivityId),
    /** Also finds the activities a new one may duplicate: same account, start within the tolerance. */
    index('activities_user_start').on(table.userId, table.startDate),
    index('activities_duplicate_of').on(table.duplicateOf).where(sql`${table.duplicateOf} is not null`),
    /** The activity list, newest first, duplicates left out: a page (`before=`) is one index range read. */
    index('activities_user_list')
      .on(table.userId, table.startDate.desc(), table.id.desc())
      .where(sql`${table.duplicateOf} is null`),
  ],
);

/** Sample streams of one activity, packed by the stream codec (columnar, delta + varint, deflate). */
export const activityStreams = pgTable('activity_streams', {
  activityId: oneForActivity(),
  sampleCount: integer('sample_count').notNull(),
  /** Which streams are present, e.g. ['distanceM', 'powerW'], readable without decoding. */
  keys: jsonb('keys').$type<string[]>().notNull(),
  codecVersion: integer('codec_version').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamps.createdAt,
});

export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: ownedBy('account_id'),
    kind: text('kind', { enum: ['file', 'archive'] }).notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }).notNull().default('queued'),
    total: integer('total').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    /** When the job first took the archive up: the rate so far, and so the time left, count from it. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Where an earlier version kept an archive for its job (DATA_DIR/imports/<id>.zip); now in import_upload_parts. */
    storagePath: text('storage_path'),
    ...timestamps,
  },
  (table) => [index('imports_account').on(table.accountId)],
);

/**
 * An archive waiting for its import job, in parts of a few MB (ADR 0049): the job may run on
 * another instance than the one that took the upload, and no part needs the whole archive in
 * memory. The parts are deleted when the import ends, done or failed.
 */
export const importUploadParts = pgTable(
  'import_upload_parts',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.part] })],
);

/** Webhook events already accepted, so a redelivered event is ignored. */
export const stravaWebhookEvents = pgTable('strava_webhook_events', {
  eventKey: text('event_key').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Training metrics of one activity, computed from its streams and summary when it arrives (and
 * again when the athlete's history changes what defaults apply). The columns besides `metrics`
 * are what other computations query: load for fitness, bests for the athlete's defaults.
 */
export const activityMetrics = pgTable(
  'activity_metrics',
  {
    activityId: oneForActivity(),
    userId: ownedBy('user_id'),
    metrics: jsonb('metrics').$type<Record<string, unknown>>().notNull(),
    trainingLoad: doublePrecision('training_load'),
    trainingLoadMethod: text('training_load_method'),
    /** Best power held for 20 minutes or longer: the athlete's FTP estimate draws on it. */
    best20MinPowerW: doublePrecision('best_20min_power_w'),
    maxHeartrateBpm: doublePrecision('max_heartrate_bpm'),
    /** The one-hour speed a run's best efforts imply (metrics/threshold-pace.ts): the threshold pace estimate draws on it. */
    impliedThresholdSpeedMps: doublePrecision('implied_threshold_speed_mps'),
    /**
     * The power-duration curve on POWER_CURVE_GRID_S (entry k at grid duration k), so the athlete's
     * best over many activities is a maximum per entry. Empty without measured power; null for
     * metrics stored before curves were kept (filled in when first needed).
     */
    powerCurveW: doublePrecision('power_curve_w').array(),
    /** The FTP the power scores used, and where it came from. */
    ftpW: doublePrecision('ftp_w'),
    ftpSource: text('ftp_source', { enum: ['settings', 'strava', 'estimate', 'none'] }).notNull(),
    /**
     * The sources of the activities the estimated thresholds (FTP, maximum heart rate, threshold
     * pace) were read from; empty when the athlete set them. Scores, zones and load are derived from those
     * activities too, so what they may reach follows the Strava policy (ADR 0007). text[]: both
     * drivers parse it, unlike an array of the enum type.
     */
    thresholdSources: text('threshold_sources').array().$type<ActivitySource[]>().notNull().default([]),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('activity_metrics_user').on(table.userId)],
);

/**
 * The athlete's one daily fitness series (CTL/ATL/TSB, metrics/fitness.ts), computed from the whole
 * history and stored, one row per UTC day from the first day with load to the last: every reader
 * (the chart, the analysis, the profile, the plans) reads the same figure for a day. Days after
 * the last row are pure decay and are continued when read. Rewritten by the metrics jobs whenever
 * a load changes (ADR 0027).
 */
export const fitnessDays = pgTable(
  'fitness_days',
  {
    userId: ownedBy('user_id'),
    date: date('date', { mode: 'string' }).notNull(),
    load: doublePrecision('load').notNull(),
    ctl: doublePrecision('ctl').notNull(),
    atl: doublePrecision('atl').notNull(),
    tsb: doublePrecision('tsb').notNull(),
    /**
     * The day as the fitness chart's JSON text (`fitnessDayJson`), written with it: a chart is read
     * as one text (ADR 0059). Null on days stored before it existed, which are then read as rows.
     */
    item: text('item'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
);

export const coachingStyle = pgEnum('coaching_style', coachingStyles);
export const rideDetailType = pgEnum('ride_detail_type', rideDetailTypes);

/**
 * Kai's analysis of one activity: the seven sections, the structured next session, and what they
 * were written from. `facts` is the context the coach saw (kept for audit and the exports);
 * `contextHash` tells whether the facts have changed since. `revision` counts writes, so a writer
 * that read an older revision never overwrites a newer analysis.
 */
export const analyses = pgTable(
  'analyses',
  {
    activityId: oneForActivity(),
    userId: ownedBy('user_id'),
    subjectLine: text('subject_line').notNull(),
    executiveSummary: text('executive_summary').notNull(),
    /** Key Insights. */
    feedback: text('feedback').notNull(),
    /** Performance Summary. */
    summary: text('summary').notNull(),
    recovery: text('recovery').notNull(),
    trainingPlanProgress: text('training_plan_progress').notNull(),
    nextActivity: text('next_activity').notNull(),
    nextSession: jsonb('next_session').$type<NextSession>().notNull(),
    coachingStyle: coachingStyle('coaching_style').notNull().default('performance'),
    /** The athlete's own instructions, with the custom style only. */
    systemPrompt: text('system_prompt'),
    activityDetailType: rideDetailType('activity_detail_type'),
    activityDetailNote: text('activity_detail_note'),
    coach: text('coach', { enum: analysisCoaches }).notNull(),
    /** Why the built-in coach wrote this although a model is configured; null otherwise. */
    coachNote: text('coach_note'),
    facts: jsonb('facts').$type<object>().notNull(),
    contextHash: text('context_hash').notNull(),
    revision: integer('revision').notNull().default(1),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    coachingStyleUpdatedAt: timestamp('coaching_style_updated_at', { withTimezone: true }),
    /** The account's settings revision this was written at (user_settings.analysis_revision). */
    settingsRevision: integer('settings_revision').notNull().default(0),
    /**
     * Written while the athlete's history was still arriving or being scored (ADR 0028): its load
     * and thresholds read part of it. Written again, by the analysis.complete job, once it is in.
     */
    historyPending: boolean('history_pending').notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('analyses_user').on(table.userId),
    index('analyses_history_pending').on(table.userId).where(sql`${table.historyPending}`),
  ],
);

/**
 * The athlete's settings and coaching profile, one row per account (spec §3 User settings); an
 * account without a row has the defaults. Heart-rate zones are stored as spec §3 says: zone 1 only
 * a max, zone 5 only a min. `analysisRevision` counts saves that change what analyses are written
 * from (style, thresholds, cycle, units): an analysis written at an older revision is rewritten
 * when next read. `athleteData` caches the Strava athlete and zones for GET /api/athlete/profile.
 */
export const userSettings = pgTable('user_settings', {
  accountId: oneForAccount(),
  unitSystem: text('unit_system', { enum: unitSystems }).notNull().default('metric'),
  coachingStyle: coachingStyle('coaching_style').notNull().default('performance'),
  systemPrompt: text('system_prompt'),
  /** A JSON list of running, cycling, lifting (spec: stored as text). */
  preferredActivities: text('preferred_activities').notNull().default('[]'),
  athleteName: text('athlete_name'),
  /**
   * The athlete's body weight in kg, stored once wherever it came from (ADR 0071): typed in the
   * settings, the newest check-in's, or Strava's; `athleteWeightSource` says which (null with no weight).
   */
  athleteWeight: numeric('athlete_weight', { precision: 5, scale: 1, mode: 'number' }),
  athleteWeightSource: text('athlete_weight_source', { enum: weightSources }),
  athleteFtp: integer('athlete_ftp'),
  /** Heart-rate and running thresholds the athlete set (ADR 0025); null: not set, estimated instead. */
  athleteMaxHrBpm: integer('athlete_max_hr_bpm'),
  athleteRestingHrBpm: integer('athlete_resting_hr_bpm'),
  athleteLthrBpm: integer('athlete_lthr_bpm'),
  athleteThresholdPaceSPerKm: integer('athlete_threshold_pace_s_per_km'),
  hrZone1Max: integer('hr_zone1_max'),
  hrZone2Min: integer('hr_zone2_min'),
  hrZone2Max: integer('hr_zone2_max'),
  hrZone3Min: integer('hr_zone3_min'),
  hrZone3Max: integer('hr_zone3_max'),
  hrZone4Min: integer('hr_zone4_min'),
  hrZone4Max: integer('hr_zone4_max'),
  hrZone5Min: integer('hr_zone5_min'),
  /**
   * Heart-rate thresholds the athlete set for one sport alone (ADR 0055): per sport, the zone
   * bounds, LTHR and max HR it overrides; what is absent there uses the columns above, which hold
   * the values for all sports (so settings stored before per-sport zones apply to both sports).
   */
  hrBySport: jsonb('hr_by_sport').$type<StoredHrBySport>(),
  mesocycleEnabled: boolean('mesocycle_enabled').notNull().default(false),
  mesocycleCurrentWeek: integer('mesocycle_current_week').notNull().default(1),
  mesocycleWeekStartDate: timestamp('mesocycle_week_start_date', { withTimezone: true }),
  athleteData: jsonb('athlete_data').$type<CachedAthleteData>(),
  athleteDataCachedAt: timestamp('athlete_data_cached_at', { withTimezone: true }),
  analysisRevision: integer('analysis_revision').notNull().default(0),
  /** The weekday the athlete's calendar weeks start on (ADR 0080). */
  weekStartsOn: text('week_starts_on', { enum: weekdays }).notNull().default('monday'),
  ...timestamps,
});

/** Per sport, only the heart-rate fields it sets (absent: the value for all sports). */
export type StoredHrBySport = Partial<Record<HrSport, Partial<Record<SportHeartRateField, number>>>>;

/** What Strava said about the athlete, kept for ATHLETE_DATA_TTL_MS (see the settings service). */
export interface CachedAthleteData {
  stravaId: string;
  name: string | null;
  weightKg: number | null;
  ftpW: number | null;
  zones: { min: number | null; max: number | null }[] | null;
}

export const preparationType = pgEnum('preparation_type', preparationTypes);

/**
 * A training plan (spec §3): what the athlete asked for, as typed (the dialog checks no formats),
 * and the plan generated from it. Its phases are computed from `generatedAt` and the inputs
 * (src/shared/domain/plan-phases.ts), never stored, so they cannot disagree with the rules.
 */
export const trainingPlans = pgTable(
  'training_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: ownedBy('account_id'),
    preparationType: preparationType('preparation_type').notNull(),
    eventName: text('event_name'),
    eventType: text('event_type', { enum: activityKinds }),
    eventDate: text('event_date'),
    eventDistance: text('event_distance'),
    eventElevation: text('event_elevation'),
    ftp: text('ftp'),
    completionGoal: text('completion_goal', { enum: completionGoals }),
    targetTime: text('target_time'),
    prGoal: text('pr_goal'),
    prDistance: text('pr_distance'),
    prElevation: text('pr_elevation'),
    currentPr: text('current_pr'),
    targetPr: text('target_pr'),
    prTimeline: text('pr_timeline'),
    weeklyTrainingTime: text('weekly_training_time'),
    planName: text('plan_name'),
    /** JSON-encoded list of general-fitness options, as the spec keeps it. */
    selectedActivities: text('selected_activities'),
    otherActivity: text('other_activity'),
    planDuration: text('plan_duration'),
    additionalDetails: text('additional_details'),
    /** YYYY-MM-DD: the plan's first day when the athlete chose one in the past (ADR 0036); null: the generation day. */
    startDate: text('start_date'),
    generatedPlan: jsonb('generated_plan').$type<GeneratedPlan>().notNull(),
    planSummary: text('plan_summary').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('training_plans_account').on(table.accountId, table.generatedAt)],
);

/**
 * ADR 0040: a plan's private calendar feed (/calendar/<token>.ics), one per plan. Only the
 * SHA-256 of the token is stored, as for password-reset tokens: the URL is shown once, when made;
 * replacing it overwrites the hash and revoking deletes the row, so the old URL answers 404.
 */
export const planCalendarFeeds = pgTable('plan_calendar_feeds', {
  planId: uuid('plan_id')
    .primaryKey()
    .references(() => trainingPlans.id, { onDelete: 'cascade' }),
  accountId: ownedBy('account_id'),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamps.createdAt,
});

/**
 * ADR 0050: changes Kai proposes to a plan, each with its reason and the numbers behind it, and
 * what became of them. Accepted ones (in the order accepted) are laid over the plan's dated
 * sessions; undoing one marks it undone, so the plan's history keeps every change and its reason.
 */
export const planAdjustments = pgTable(
  'plan_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    accountId: ownedBy('account_id'),
    trigger: text('trigger', { enum: adjustmentTriggers }).notNull(),
    /** The situation it answers (e.g. 'key-session-missed:2026-05-11'): the same one is not proposed twice. */
    situation: text('situation').notNull(),
    /** The rules' sentence: the source of the reason, always stored. */
    reason: text('reason').notNull(),
    /** The same reason worded by the configured language model (ADR 0056), held to its numbers; null when none did. */
    reasonWorded: text('reason_worded'),
    evidence: jsonb('evidence').$type<Record<string, number | string>>().notNull(),
    changes: jsonb('changes').$type<StoredAdjustmentChange[]>().notNull(),
    status: text('status', { enum: adjustmentStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [index('plan_adjustments_plan').on(table.planId, table.createdAt)],
);

/**
 * The athletic profile (spec §3), one per account: the five prose sections, the goal cards
 * (`opportunitiesAhead`) and event cards (`recommendedEvents`, empty until recommended) in the
 * text format of shared/domain/profile-cards.ts, and what they were written from. `facts` is what
 * the writer saw (kept for audit: every number of the text comes from it).
 */
export const athleticProfiles = pgTable('athletic_profiles', {
  accountId: oneForAccount(),
  signatureEdge: text('signature_edge').notNull(),
  athleteIdentity: text('athlete_identity').notNull(),
  recentImprovements: text('recent_improvements').notNull(),
  performanceStrengths: text('performance_strengths').notNull(),
  performanceLimiters: text('performance_limiters').notNull(),
  opportunitiesAhead: text('opportunities_ahead').notNull(),
  recommendedEvents: text('recommended_events').notNull().default(''),
  activityCount: integer('activity_count').notNull(),
  author: text('author', { enum: profileAuthors }).notNull(),
  eventsSource: text('events_source', { enum: eventSources }),
  facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
  /** Written while the athlete's history was still arriving or being scored: it is written again once it is in. */
  historyPending: boolean('history_pending').notNull().default(false),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every throttle (sign-in, registration, reset, analysis refresh, tracking), shared by all
 * instances (ADR 0041): one row per (scope, key) holding the times of its accepted hits in the
 * window, read and written by one statement per hit. Rows past `expires_at` are purged by a job.
 */
export const throttles = pgTable(
  'throttles',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Database-clock times (ms since the epoch) of the hits inside the window, oldest first. */
    hitsMs: bigint('hits_ms', { mode: 'number' }).array().notNull(),
    /** Whether the latest hit was let through. */
    accepted: boolean('accepted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index('throttles_expires_at').on(table.expiresAt)],
);

/**
 * Strava's rate budget for one application (its client id), shared by all instances (ADR 0041):
 * the usage of the current short (15-minute) and daily windows, overall and for reads, and the
 * limits Strava last announced. Windows start at multiples of their length on the database clock.
 */
export const stravaBudget = pgTable('strava_budget', {
  clientId: text('client_id').primaryKey(),
  shortWindowStartMs: bigint('short_window_start_ms', { mode: 'number' }).notNull(),
  dayStartMs: bigint('day_start_ms', { mode: 'number' }).notNull(),
  overallShort: integer('overall_short').notNull(),
  overallDay: integer('overall_day').notNull(),
  readShort: integer('read_short').notNull(),
  readDay: integer('read_day').notNull(),
  overallShortLimit: integer('overall_short_limit').notNull(),
  overallDayLimit: integer('overall_day_limit').notNull(),
  readShortLimit: integer('read_short_limit').notNull(),
  readDayLimit: integer('read_day_limit').notNull(),
});

/**
 * Strava refusing the whole application (docs/decisions/0067): while a row exists for Kairo's
 * client id, no Strava API call goes out (sync waits, nothing stored changes). `app_inactive`:
 * Strava answered 403 "application inactive" (a Standard-tier app whose owner holds no
 * subscription). Deleted when a Strava call succeeds again or an instance starts.
 */
export const stravaAppPause = pgTable('strava_app_pause', {
  clientId: text('client_id').primaryKey(),
  cause: text('cause', { enum: ['app_inactive'] }).notNull(),
  detail: text('detail').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Activities Strava told us about (webhook events) while the sync was paused (docs/decisions/0067):
 * the pause stops every API call, so the event cannot be checked with Strava then. One row per
 * account and Strava activity, whatever the events were (create, update, delete): on resume the
 * activity is read again from Strava and stored, updated or removed as Strava then has it. Deleted
 * with the connection (disconnecting, or the account going).
 */
export const stravaPausedActivities = pgTable(
  'strava_paused_activities',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => stravaConnections.accountId, { onDelete: 'cascade' }),
    stravaActivityId: text('strava_activity_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.stravaActivityId] })],
);

/**
 * How the athlete felt on a day (docs/decisions/0037-wellness-and-readiness.md): the morning
 * check-in or an imported row, one per account and calendar day. Every value is optional and a
 * value not given is null, never 0. The 1–5 scales read the same way in every place they appear:
 * sleep quality and mood 5 = best; fatigue, soreness and stress 5 = worst.
 */
export const wellnessDays = pgTable(
  'wellness_days',
  {
    userId: ownedBy('user_id'),
    date: date('date', { mode: 'string' }).notNull(),
    sleepHours: doublePrecision('sleep_hours'),
    sleepQuality: integer('sleep_quality'),
    fatigue: integer('fatigue'),
    soreness: integer('soreness'),
    stress: integer('stress'),
    mood: integer('mood'),
    restingHrBpm: doublePrecision('resting_hr_bpm'),
    hrvRmssdMs: doublePrecision('hrv_rmssd_ms'),
    weightKg: doublePrecision('weight_kg'),
    note: text('note'),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
);

/** The athlete's own feel of one activity (RPE on Borg's CR10 scale, and a note); its own table, see ADR 0037. */
export const activityFeels = pgTable(
  'activity_feels',
  {
    activityId: oneForActivity(),
    userId: ownedBy('user_id'),
    rpe: integer('rpe'),
    note: text('note'),
    ...timestamps,
  },
  (table) => [index('activity_feels_user').on(table.userId)],
);

/**
 * What this installation's shared secrets are, without them (docs/decisions/0066): one row per
 * setting (SESSION_SECRET, TOKEN_ENCRYPTION_KEY, STRAVA_WEBHOOK_VERIFY_TOKEN) with a fingerprint
 * of its value, written by the first instance that starts on the database. An instance whose
 * secret has another fingerprint refuses to start. It describes the installation, not its data:
 * backups leave it out, and a restore keeps the target's rows.
 */
export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Personal access tokens (issue 31, ADR 0074). Only the SHA-256 of a token is kept, so a leaked
 * table cannot be replayed; `hint` (the token's first 14 characters) tells tokens apart on the
 * settings screen. A revoked token's row is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: ownedBy('account_id'),
    name: text('name').notNull(),
    /** base64url SHA-256 of the whole token, `kairo_pat_` included. */
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    scopes: text('scopes', { enum: apiTokenScopes }).array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token, so reads stay reads. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('api_tokens_account').on(table.accountId)],
);

/**
 * Ask Kai's conversations (issue 28, ADR 0076), kept per account until the athlete deletes them.
 * `subject` is what the engine keeps between questions so a follow-up ("and over the last 30
 * days?") reuses the last question's metric, sport and period; only the engine reads it. The
 * activity a conversation started from may be deleted later: the conversation stays.
 */
export const coachConversations = pgTable(
  'coach_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownedBy('user_id'),
    title: text('title').notNull(),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    subject: jsonb('subject').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (table) => [
    index('coach_conversations_user_updated').on(table.userId, table.updatedAt.desc()),
    // Deleting an activity sets its conversations' column to null: found by this index, not a scan.
    index('coach_conversations_activity').on(table.activityId).where(sql`${table.activityId} is not null`),
  ],
);

/** What a message holds beyond its words: Kai's facts, sources and chart; empty for the athlete's questions. */
export interface CoachMessagePayload {
  facts?: AskFact[];
  sources?: AskSource[];
  chart?: AskChart | null;
  coach?: 'built-in' | 'model';
  coachNote?: string | null;
  suggestions?: string[];
}

/** One question or answer of a conversation; the athlete's question and Kai's answer are stored together. */
export const coachMessages = pgTable(
  'coach_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => coachConversations.id, { onDelete: 'cascade' }),
    userId: ownedBy('user_id'),
    role: text('role', { enum: ['athlete', 'kai'] }).notNull(),
    text: text('text').notNull(),
    payload: jsonb('payload').$type<CoachMessagePayload>().notNull().default({}),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('coach_messages_conversation_created').on(table.conversationId, table.createdAt),
    index('coach_messages_activity').on(table.activityId).where(sql`${table.activityId} is not null`),
  ],
);

/**
 * Questions asked of Kai per account and UTC day, for the daily limit (Free 10, Trial and Pro 200).
 * Its own table, so deleting a conversation gives no question back.
 */
export const coachQuestionUsage = pgTable(
  'coach_question_usage',
  {
    userId: ownedBy('user_id'),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * An activity file as the athlete uploaded it (issue 31, ADR 0078), byte for byte, so "Download my
 * data" gives back what was given. Kept for single-file uploads only: an archive import's files are
 * the athlete's own Strava export, which they still hold. A multisport file is kept once, on its
 * first leg. Deleted with the activity, and so with the account.
 */
export const activityOriginals = pgTable(
  'activity_originals',
  {
    activityId: oneForActivity(),
    userId: ownedBy('user_id'),
    fileName: text('file_name').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('activity_originals_user').on(table.userId)],
);

/**
 * "Download my data" (issue 31, ADR 0078): one export per account at a time, built by a job into
 * `data_export_parts`, downloadable once through a link whose token is kept only as a SHA-256, for
 * 24 hours from when it was ready. The partial unique index makes "one at a time" hold for
 * two requests at once on any instance.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: ownedBy('account_id'),
    state: text('state', { enum: ['queued', 'running', 'ready', 'failed'] }).notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error'),
    /** base64url SHA-256 of the download link's token; null until the zip is ready. */
    tokenHash: text('token_hash').unique(),
    byteSize: bigint('byte_size', { mode: 'number' }),
    createdAt: timestamps.createdAt,
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** When the link stops working and the zip is swept. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set by the one download the link allows. */
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_account').on(table.accountId),
    uniqueIndex('data_exports_one_building').on(table.accountId).where(sql`${table.state} in ('queued', 'running')`),
  ],
);

/** The zip of an export in parts of a few MB: any instance can serve the download, one part in memory at a time (as ADR 0049's uploads). */
export const dataExportParts = pgTable(
  'data_export_parts',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.part] })],
);
