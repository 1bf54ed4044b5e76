import { createHash, randomBytes } from 'node:crypto';
import { PRO_ONLY_MESSAGES } from '../../../shared/api/exports.ts';
import { SESSION_NOT_FOUND, type CalendarFeedCreated, type CalendarFeedStatus, type PlanSessionFiles, type WorkoutFormat } from '../../../shared/api/plan-files.ts';
import type { EffectiveThresholds } from '../../../shared/api/settings.ts';
import { planTitle, type TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { hasProAccess, type AccountPlan } from '../../../shared/domain/account-plan.ts';
import { fileNameSlug } from '../../../shared/domain/file-name.ts';
import { AppError } from '../../http/errors.ts';
import { planCalendar } from './calendar.ts';
import type { CalendarFeedRepo } from './calendar-feed-repo.ts';
import { datedSessions } from './dated-sessions.ts';
import { withReadinessHold, type ReadinessHoldReader } from './day-plan/hold.ts';
import type { AdjustedPlanView } from './view.ts';
import { deviceThresholdsOf, formatAvailability, sessionSport, stepsOf } from './device-files.ts';
import type { PlansService } from './service.ts';
import { datedSessionBaseName, datedWorkoutSession, planWorkoutFiles, workoutFile, zipWorkouts, type WorkoutFile } from './workouts.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * A plan's files for devices and calendars (ADR 0039, 0040): the workout files of each dated
 * session and of the whole plan (Pro, like the analysis's workout file), and the plan's private
 * calendar feed. Every read goes through the plans service, so another account's plan is not found.
 */

type Account = { id: string; plan: AccountPlan; trialExpiryDate: Date | null };

/** 32 random bytes: 256 bits, far past guessing; base64url keeps the URL plain. */
const FEED_TOKEN_BYTES = 32;
const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DEFAULT_RANGE_DAYS = 14;

const feedNotFound = () => new AppError('not_found', 'Calendar feed not found');
const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');
const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

export function createPlanFilesService(deps: {
  plans: Pick<PlansService, 'get' | 'adjusted' | 'adjustedForFeed'>;
  feeds: CalendarFeedRepo;
  /** The effective thresholds (ADR 0025): targets are read from them when a file is written. */
  thresholds: (accountId: string, now: Date) => Promise<EffectiveThresholds>;
  publicUrl: () => string;
  /** Today's readiness hold (the day plan, ADR 0068): today's file and feed event are what the day plan decided. */
  readinessHold?: ReadinessHoldReader;
}) {
  const { plans, feeds, thresholds, publicUrl } = deps;
  /** The plan as its files write it: the accepted changes, then today's readiness hold. */
  const held = async <Plan extends AdjustedPlanView>(accountId: string, plan: Plan): Promise<Plan> =>
    withReadinessHold(plan, (await deps.readinessHold?.(accountId, plan)) ?? null);

  function requirePro(account: Account, now: Date): void {
    if (!hasProAccess(account.plan, account.trialExpiryDate, now)) throw new AppError('forbidden', PRO_ONLY_MESSAGES.workoutFile);
  }

  return {
    /** The dated sessions from `from` to `to` (today and the next 13 days unless told), each with the files it offers this athlete. */
    async sessions(accountId: string, planId: string, range: { from?: string | undefined; to?: string | undefined }, now = new Date()): Promise<PlanSessionFiles> {
      const plan = await held(accountId, await plans.adjusted(accountId, planId, now));
      const from = range.from ?? isoDay(now.getTime());
      const to = range.to ?? isoDay(Date.parse(`${from}T00:00:00Z`) + (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
      if (to < from) throw new AppError('bad_request', 'The range ends before it starts.');
      const device = deviceThresholdsOf(await thresholds(accountId, now));
      return {
        from,
        to,
        sessions: datedSessions(plan)
          .filter((dated) => dated.date >= from && dated.date <= to)
          .map((dated) => {
            const sport = sessionSport(dated.scheduled);
            return {
              date: dated.date,
              activityType: dated.scheduled.activityType,
              durationMin: dated.durationMin,
              files: sport ? formatAvailability(sport, stepsOf(dated) !== null, device) : [],
            };
          }),
      };
    },

    /** Pro: one dated session's file; a day without a session, or a format the session does not offer, answers why. */
    async sessionFile(account: Account, planId: string, date: string, format: WorkoutFormat, now = new Date()): Promise<WorkoutFile> {
      requirePro(account, now);
      const plan = await held(account.id, await plans.adjusted(account.id, planId, now));
      const dated = datedSessions(plan).find((session) => session.date === date);
      if (!dated) throw new AppError('not_found', SESSION_NOT_FOUND);
      const sport = sessionSport(dated.scheduled);
      const device = deviceThresholdsOf(await thresholds(account.id, now));
      const session = datedWorkoutSession(dated, planTitle(plan));
      const offer = sport ? formatAvailability(sport, session !== null, device).find((entry) => entry.format === format)! : null;
      if (!session || !offer?.available) throw new AppError('bad_request', offer?.reason ?? 'This session has no workout file.');
      return workoutFile(session, format, device, datedSessionBaseName(dated, session.steps), new Date(plan.updatedAt));
    },

    /**
     * Pro (a running trial counts): every dated session of the plan, with the accepted changes laid
     * over it, in every format it offers; one .zip with a folder per format. Checked before anything is read.
     */
    async zip(account: Account, planId: string, now = new Date()): Promise<{ fileName: string; zip: Buffer }> {
      requirePro(account, now);
      const plan = await held(account.id, await plans.adjusted(account.id, planId, now));
      const title = planTitle(plan);
      const result = await planWorkoutFiles(plan, title, deviceThresholdsOf(await thresholds(account.id, now)));
      if ('unavailable' in result) throw new AppError('bad_request', result.unavailable);
      return { fileName: `${fileNameSlug(title, 'training-plan')}-workouts.zip`, zip: await zipWorkouts(result.files, new Date(plan.updatedAt)) };
    },

    async feedStatus(accountId: string, planId: string, now = new Date()): Promise<CalendarFeedStatus> {
      await plans.get(accountId, planId, now);
      const feed = await feeds.find(accountId, planId);
      return { active: feed !== undefined, createdAt: feed ? feed.createdAt.toISOString() : null };
    },

    /** A new feed URL for the plan; any earlier URL stops working. The token is in the answer only: the database keeps its hash. */
    async createFeed(accountId: string, planId: string, now = new Date()): Promise<CalendarFeedCreated> {
      await plans.get(accountId, planId, now);
      const token = randomBytes(FEED_TOKEN_BYTES).toString('base64url');
      // The plan may be deleted between the read above and the write: then it is not found, like any missing plan.
      const stored = await feeds.replace(accountId, planId, hashFeedToken(token), now);
      if (!stored) throw new AppError('not_found', 'Training plan not found');
      const { createdAt } = stored;
      const url = new URL(`/calendar/${token}.ics`, publicUrl());
      return { url: url.href, webcalUrl: `webcal://${url.host}${url.pathname}`, createdAt: createdAt.toISOString() };
    },

    async revokeFeed(accountId: string, planId: string, now = new Date()): Promise<{ message: string }> {
      await plans.get(accountId, planId, now);
      if (!(await feeds.revoke(accountId, planId))) throw feedNotFound();
      return { message: 'Calendar feed revoked' };
    },

    /**
     * The feed a token opens, read from the plan as it is now (so the calendar follows every
     * change to the plan); no session needed, the token is the key. Unknown, malformed or revoked
     * tokens are not found, all alike. A switched-off plan's feed is an empty calendar (no events),
     * still 200: calendar apps drop a subscription that fails, and this one fills again when the plan is switched on.
     */
    async readFeed(token: string, now = new Date()): Promise<{ ics: string; plan: TrainingPlanView }> {
      if (!FEED_TOKEN_PATTERN.test(token)) throw feedNotFound();
      const feed = await feeds.byTokenHash(hashFeedToken(token));
      if (!feed) throw feedNotFound();
      const adjusted = await plans.adjustedForFeed(feed.accountId, feed.planId, now);
      if (!adjusted) throw feedNotFound();
      const plan = await held(feed.accountId, adjusted);
      return { ics: planCalendar(plan, planTitle(plan), { sessions: plan.isActive }), plan };
    },
  };
}

export type PlanFilesService = ReturnType<typeof createPlanFilesService>;
