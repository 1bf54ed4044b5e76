import type { AnalysisView, CoachingStyleUpdate, RideDetail } from '../../../shared/api/analysis.ts';
import { PRO_ONLY_MESSAGES, STRAVA_AI_EXPORT_MESSAGE, type AnalysisContextExport } from '../../../shared/api/exports.ts';
import type { ActivityDetail } from '../../../shared/api/activities.ts';
import { heartRateFor, zonesFromUpperBounds, type EffectiveThresholds } from '../../../shared/api/settings.ts';
import { hasProAccess, type AccountPlan } from '../../../shared/domain/account-plan.ts';
import { DEFAULT_COACHING_STYLE, type CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import { RIDE_DETAILS, rideDetailTypesFor } from '../../../shared/domain/ride-detail.ts';
import { AppError } from '../../http/errors.ts';
import type { Throttles } from '../../http/rate-limit.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { CoachSuggestion, DayPlanService, PlansService } from '../plans/index.ts';
import type { WellnessService } from '../wellness/index.ts';
import type { AnalysisSettings as AccountSettings, SettingsService } from '../settings/index.ts';
import type { Coach } from './coach/coach.ts';
import { activityProvenance, buildAnalysisContext, contextHash, quantity, readinessFacts, type AnalysisContext, type PlannedNextFacts } from '../facts/index.ts';
import { asDaySession, fromDaySession, heldBackSession } from './coach/next-session.ts';
import { builtinNextSession } from './coach/builtin.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { mayEnterPrompt } from '../../ai/provenance.ts';
import { buildContextExport, type ExportedUserSettings } from './exports/context-export.ts';
import { buildZwiftWorkout, workoutFileName, zwiftSportType } from '../../workouts/zwo.ts';
import type { AnalysisRepo, AnalysisRow, AnalysisValues } from './repo.ts';


/** What the athlete chose for one analysis; the text is regenerated whenever it changes. */
interface AnalysisSettings {
  coachingStyle: CoachingStyle;
  systemPrompt: string | null;
  rideDetail: RideDetail | null;
  coachingStyleUpdatedAt: Date | null;
}

/**
 * A new analysis is written in the account's coaching style (settings). So is one whose style was
 * never chosen for it alone (no coachingStyleUpdatedAt): it follows the account's style as that
 * changes; a style picked on the analysis itself stays until picked again.
 */
function withAccountStyle(settings: AnalysisSettings, account: AccountSettings): AnalysisSettings {
  if (settings.coachingStyleUpdatedAt) return settings;
  return { ...settings, coachingStyle: account.coachingStyle, systemPrompt: account.systemPrompt };
}

/** An analysis not written yet: withAccountStyle gives it the account's style. */
const NEW_ANALYSIS: AnalysisSettings = {
  coachingStyle: DEFAULT_COACHING_STYLE,
  systemPrompt: null,
  rideDetail: null,
  coachingStyleUpdatedAt: null,
};

/** Spec §5/§9: refresh at most 5 times in a sliding 10 minutes, enforced here as well as on the device. */
const REFRESH_LIMIT = 5;
const REFRESH_WINDOW_MS = 10 * 60_000;
/**
 * Concurrent writers of one analysis retry this often before giving up with a conflict. Each lost
 * attempt means another writer stored, and the refresh limit (plus the background writers: the
 * metrics and history-complete jobs) bounds how many there can be at once, so a writer that keeps
 * going is not starved by a burst of refreshes.
 */
const MAX_WRITE_ATTEMPTS = REFRESH_LIMIT + 3;

function settingsOf(row: AnalysisRow): AnalysisSettings {
  return {
    coachingStyle: row.coachingStyle,
    systemPrompt: row.systemPrompt,
    rideDetail: row.activityDetailType ? { type: row.activityDetailType, note: row.activityDetailNote } : null,
    coachingStyleUpdatedAt: row.coachingStyleUpdatedAt,
  };
}

/** Whether two settings produce the same analysis (when they were chosen does not matter). */
function sameChoices(a: AnalysisSettings, b: AnalysisSettings): boolean {
  return (
    a.coachingStyle === b.coachingStyle &&
    a.systemPrompt === b.systemPrompt &&
    a.rideDetail?.type === b.rideDetail?.type &&
    (a.rideDetail?.note ?? null) === (b.rideDetail?.note ?? null)
  );
}

function toAnalysisView(row: AnalysisRow): AnalysisView {
  return {
    activityId: row.activityId,
    subjectLine: row.subjectLine,
    executiveSummary: row.executiveSummary,
    feedback: row.feedback,
    summary: row.summary,
    recovery: row.recovery,
    trainingPlanProgress: row.trainingPlanProgress,
    nextActivity: row.nextActivity,
    nextSession: row.nextSession,
    coachingStyle: row.coachingStyle,
    systemPrompt: row.systemPrompt,
    activityDetailType: row.activityDetailType,
    activityDetailNote: row.activityDetailNote,
    coach: row.coach,
    coachNote: row.coachNote,
    generatedAt: row.generatedAt.toISOString(),
    coachingStyleUpdatedAt: row.coachingStyleUpdatedAt?.toISOString() ?? null,
    historyPending: row.historyPending,
  };
}

/** The signed-in account, as far as the Pro-only exports need it. */
export interface ExportingAccount {
  id: string;
  plan: AccountPlan;
  trialExpiryDate: Date | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The heart-rate zones the activity's zone times were counted with; for metrics stored before those
 * were kept, the effective zones of the settings (what a rescoring would use).
 */
function zonesUsed(activity: ActivityDetail, settings: ExportedUserSettings): { min: number | null; max: number | null }[] {
  const bounds = activity.metrics?.hrZoneUpperBoundsBpm;
  if (bounds?.length === 4) return zonesFromUpperBounds(bounds);
  const effective = settings.effective as EffectiveThresholds | undefined;
  return (effective && heartRateFor(effective, sportFamilyOf(activity.sportType)).zones?.zones) ?? [];
}

/** Kai's analysis of each activity; every call is scoped to the signed-in account (another account's activity is not found). */
export function createAnalysisService(deps: {
  repo: AnalysisRepo;
  activities: Pick<ActivitiesService, 'detail' | 'find'>;
  scoring: Pick<ScoringService, 'fitnessWithSources' | 'trainingLog' | 'isComputed' | 'recompute' | 'intervals'>;
  coach: Coach;
  settings: Pick<SettingsService, 'analysisSettings' | 'analysisRevision' | 'get'>;
  /** The active plans feed the analysis; all plans go into the context export. */
  plans: Pick<PlansService, 'activePlansOn' | 'forExport'>;
  /** The athlete's name on the connected tracking service (Strava), null when not connected. */
  trackingAthleteName: (accountId: string) => Promise<string | null>;
  /** Under the strict Strava data policy (ADR 7) a Strava activity's context file is refused. */
  dataPolicy: 'strict' | 'relaxed';
  /** Whether the athlete's history is still arriving (Strava backfill) or being scored (ADR 0018). */
  historyPending: (accountId: string) => Promise<boolean>;
  /** Queues the rewrite of the analyses written before the history was in (the analysis.complete job). */
  historyCompleted: (accountId: string) => Promise<void>;
  /**
   * The account's plan as stored now. The signed-in session's copy may be a few seconds old (session
   * cache), and a plan changed by the admin CLI in another process must reach the Pro gates at once.
   */
  accountAccess: (accountId: string) => Promise<{ plan: AccountPlan; trialExpiryDate: Date | null } | undefined>;
  throttles: Throttles;
  /** Readiness on the activity's morning, for the recovery section and the next session (absent: not read). */
  wellness?: Pick<WellnessService, 'readinessOn'>;
  /** The day plan (ADR 0068): where an active plan covers the day after the activity, its session is the next one. */
  dayPlan?: Pick<DayPlanService, 'plannedAfter'>;
  /** Told after an analysis is stored, also when a read wrote it (ADR 0090): the day plan reads Kai's latest suggestion. */
  written?: (accountId: string) => Promise<void>;
}) {
  const { repo, activities, scoring, coach, settings: accountSettings, plans } = deps;

  /** Spec §6: Pro only; a running trial counts as Pro (hasProAccess). Checked before anything is read. */
  async function requireProAccess(account: ExportingAccount, message: string): Promise<void> {
    const access = await deps.accountAccess(account.id);
    if (!access || !hasProAccess(access.plan, access.trialExpiryDate)) throw new AppError('forbidden', message);
  }
  const { wellness } = deps;
  const readers = {
    activities,
    scoring,
    activePlansOn: (accountId: string, day: Date) => plans.activePlansOn(accountId, day),
    ...(wellness ? { readinessOn: async (accountId: string, day: string) => readinessFacts(await wellness.readinessOn(accountId, day)) } : {}),
    ...(deps.dayPlan ? { plannedNextAfter: plannedNextAfter(deps.dayPlan) } : {}),
  };
  const refreshLimiter = deps.throttles.throttle('analysis-refreshes-by-account', { limit: REFRESH_LIMIT, windowMs: REFRESH_WINDOW_MS });

  /** Facts first: everything the analysis is written from, for these settings. */
  async function factsFor(accountId: string, activityId: string, settings: AnalysisSettings, account: AccountSettings): Promise<AnalysisContext> {
    return buildAnalysisContext(readers, accountId, activityId, {
      coachingStyle: settings.coachingStyle,
      systemPrompt: settings.systemPrompt,
      rideDetail: settings.rideDetail,
      units: account.units,
      athlete: { weightKg: account.athleteWeightKg, thresholds: account.thresholds },
      mesocycle: account.mesocycle,
    });
  }

  /** Words second: the coach writes from the facts (each coach checks its own numbers against them). */
  async function compose(
    accountId: string,
    activityId: string,
    settings: AnalysisSettings,
    context: AnalysisContext,
    account: AccountSettings,
    historyPending: boolean,
  ) {
    const { answer, coach: writtenBy, note } = await coach.write(context);
    const { nextSession, ...sections } = answer;
    return {
      activityId,
      userId: accountId,
      ...sections,
      nextSession,
      coachingStyle: settings.coachingStyle,
      systemPrompt: settings.systemPrompt,
      activityDetailType: settings.rideDetail?.type ?? null,
      activityDetailNote: settings.rideDetail?.note ?? null,
      coach: writtenBy,
      coachNote: note,
      facts: context,
      contextHash: contextHash(context),
      generatedAt: new Date(),
      coachingStyleUpdatedAt: settings.coachingStyleUpdatedAt,
      settingsRevision: account.revision,
      historyPending,
    } satisfies AnalysisValues;
  }

  /**
   * Writes the analysis with the stored settings changed by `change`. A concurrent writer that
   * stored first makes this one start over from its row; if that row already reflects the change
   * (two refreshes at once, say), it is the answer.
   */
  async function write(
    accountId: string,
    activityId: string,
    change: (settings: AnalysisSettings) => AnalysisSettings,
    options: { onlyIfFactsChanged?: boolean } = {},
  ): Promise<AnalysisRow> {
    /** The revision this writer read before another writer stored first (0: there was no analysis yet). */
    let lostToAfter: number | null = null;
    const account = await accountSettings.analysisSettings(accountId);
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
      const current = await repo.find(accountId, activityId);
      const newer = current && lostToAfter !== null && current.revision > lostToAfter && current.settingsRevision === account.revision;
      if (newer && sameChoices(settingsOf(current), change(settingsOf(current)))) return current;
      const settings = change(withAccountStyle(current ? settingsOf(current) : NEW_ANALYSIS, account));
      const [context, pending] = await Promise.all([factsFor(accountId, activityId, settings, account), deps.historyPending(accountId)]);
      // Asked before the coach writes: a model call costs time and money, and unchanged facts need none.
      if (current && options.onlyIfFactsChanged && current.contextHash === contextHash(context)) {
        if (!current.historyPending || pending) return current;
        await repo.markHistoryComplete(accountId, activityId, current.revision);
        return { ...current, historyPending: false };
      }
      const values = await compose(accountId, activityId, settings, context, account, pending);
      const saved = current ? await repo.replace(current.revision, values) : await repo.insertIfAbsent(values);
      // The history may have come in while this was written, after the job that completes analyses ran.
      if (saved?.historyPending && !(await deps.historyPending(accountId))) await deps.historyCompleted(accountId);
      if (saved) {
        await deps.written?.(accountId);
        return saved;
      }
      lostToAfter = current?.revision ?? 0;
    }
    throw new AppError('conflict', 'The analysis changed while it was being written. Try again.');
  }

  const unchanged = (settings: AnalysisSettings) => settings;
  const withDetail = (rideDetail: RideDetail | null) => (settings: AnalysisSettings) => ({ ...settings, rideDetail });

  /**
   * The stored analysis; the first request for an activity writes it, and so does the first after
   * the account's settings or training plans changed what analyses are written from (a newer
   * settings revision; a plan change bumps it too, ADR 0014).
   * The activity is then rescored first: the background rescoring of the whole history may not
   * have reached it yet, and the new text must quote numbers from the new thresholds. Likewise a
   * first analysis of an activity whose metrics are not computed yet (a history just arrived queues
   * hundreds): they are computed now, so the analysis the athlete opens quotes them.
   */
  async function get(accountId: string, activityId: string): Promise<AnalysisView> {
    const [stored, revision] = await Promise.all([repo.find(accountId, activityId), accountSettings.analysisRevision(accountId)]);
    if (stored && stored.settingsRevision === revision) return toAnalysisView(stored);
    if (stored || !(await scoring.isComputed(accountId, activityId))) await scoring.recompute(accountId, activityId);
    return toAnalysisView(await write(accountId, activityId, unchanged));
  }

  /** A ride detail only on a ride (a KOM or a recovery spin says nothing about a run): anything else is refused, changing nothing. */
  async function requireDetailFits(accountId: string, activityId: string, rideDetail: RideDetail | null): Promise<void> {
    if (rideDetail === null) return;
    const activity = await activities.detail(accountId, activityId);
    const allowed = rideDetailTypesFor(sportFamilyOf(activity.sportType) === 'ride');
    if (allowed.includes(rideDetail.type)) return;
    const titles = allowed.map((type) => RIDE_DETAILS[type].title);
    const choices = `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)}`;
    throw new AppError('bad_request', `${RIDE_DETAILS[rideDetail.type].title} is for rides, and this activity is a ${activity.sportType}. Choose ${choices}.`);
  }

  /** The athlete's settings for the export, without their custom instructions (spec §3). */
  async function userSettingsForExport(accountId: string): Promise<ExportedUserSettings> {
    const { systemPrompt: _instructions, ...settings } = await accountSettings.get(accountId);
    return settings;
  }

  return {
    get,

    /**
     * Kai's next session after the account's latest analysed activity, as the day plan shows it
     * (ADR 0068), with the same session held back for strained readiness.
     */
    async latestSuggestion(accountId: string): Promise<CoachSuggestion | undefined> {
      const latest = await repo.latestSuggestion(accountId);
      if (!latest) return undefined;
      const { analysis: stored } = latest;
      // An analysis written before the settings or plans changed would be rewritten when next read:
      // its session is chosen again from today's facts by the same rules, without writing (or asking a model).
      // Whether it did is one row; the settings behind the facts are read only then.
      let session = stored.nextSession;
      if (stored.settingsRevision !== (await accountSettings.analysisRevision(accountId))) {
        const account = await accountSettings.analysisSettings(accountId);
        session = builtinNextSession(await factsFor(accountId, stored.activityId, withAccountStyle(settingsOf(stored), account), account));
      }
      const held = heldBackSession(session);
      return {
        activityName: latest.activityName,
        activityDay: latest.startDate.toISOString().slice(0, 10),
        session: asDaySession(session),
        heldBack: held && asDaySession(held),
      };
    },

    /** A duplicate recording (ADR 0013) is not shown, so it gets no analysis of its own; nor does a deleted activity. */
    async writesAnalysisOf(accountId: string, activityId: string): Promise<boolean> {
      const activity = await activities.find(accountId, activityId);
      return Boolean(activity && !activity.duplicateOf);
    },

    /** Whether some of the account's analyses wait for the history, which is now in: the analysis.complete job has work. */
    async awaitsHistory(accountId: string): Promise<boolean> {
      return (await repo.historyPendingActivityIds(accountId)).length > 0 && !(await deps.historyPending(accountId));
    },

    /**
     * Once the history is in: every analysis written before it is written again from all of it (in
     * the style it has), or only unmarked when its facts came out the same.
     */
    async completeAfterHistory(accountId: string): Promise<void> {
      if (await deps.historyPending(accountId)) return;
      for (const activityId of await repo.historyPendingActivityIds(accountId)) {
        await this.metricsComputed(accountId, activityId);
      }
    },

    /** Pro: the next session as a Zwift workout file (.zwo). */
    async workoutFile(account: ExportingAccount, activityId: string): Promise<{ fileName: string; xml: string }> {
      await requireProAccess(account, PRO_ONLY_MESSAGES.workoutFile);
      const analysis = await get(account.id, activityId);
      const session = analysis.nextSession;
      if (!zwiftSportType(session.sport)) {
        throw new AppError('bad_request', `The next session (${session.title}) is not a ride or a run, so it has no workout file.`);
      }
      return { fileName: workoutFileName(session.title), xml: buildZwiftWorkout(session, analysis.nextActivity) };
    },

    /** Pro: everything the analysis was written from, as one document for another AI (never the custom instructions). */
    async contextExport(account: ExportingAccount, activityId: string): Promise<AnalysisContextExport> {
      await requireProAccess(account, PRO_ONLY_MESSAGES.contextExport);
      const activity = await activities.detail(account.id, activityId);
      // The file is for another AI: what may not enter Kai's prompt may not leave in it either.
      if (!mayEnterPrompt({ provenance: activityProvenance(activity) }, deps.dataPolicy)) throw new AppError('forbidden', STRAVA_AI_EXPORT_MESSAGE);
      const analysis = await get(account.id, activityId);
      const userSettings = await userSettingsForExport(account.id);
      const accountName = [account.firstName, account.lastName].filter(Boolean).join(' ') || null;
      return buildContextExport({
        activity,
        analysis,
        userSettings,
        trainingPlans: await plans.forExport(account.id),
        athleteProfile: {
          // The name the athlete gave in their coaching profile, else Strava's, else the account's.
          name: (typeof userSettings.athleteName === 'string' ? userSettings.athleteName : null) ?? (await deps.trackingAthleteName(account.id)) ?? accountName,
          weightKg: typeof userSettings.athleteWeight === 'number' ? userSettings.athleteWeight : null,
          // The FTP and the zones this activity was scored with, the ones Kai's analysis speaks from (ADR 0025).
          ftpW: activity.metrics?.ftpW ?? null,
          heartRateZones: zonesUsed(activity, userSettings),
        },
        exportedAt: new Date(),
      });
    },

    async setCoachingStyle(accountId: string, activityId: string, update: CoachingStyleUpdate): Promise<AnalysisView> {
      const row = await write(accountId, activityId, (settings) => ({
        ...settings,
        coachingStyle: update.coachingStyle,
        systemPrompt: update.systemPrompt,
        coachingStyleUpdatedAt: new Date(),
      }));
      return toAnalysisView(row);
    },

    async setActivityDetail(accountId: string, activityId: string, rideDetail: RideDetail | null): Promise<AnalysisView> {
      await requireDetailFits(accountId, activityId, rideDetail);
      return toAnalysisView(await write(accountId, activityId, withDetail(rideDetail)));
    },

    /** Writes the analysis again (with new detail context when given); limited per account. */
    async refresh(accountId: string, activityId: string, update: { detail?: RideDetail | null }): Promise<AnalysisView> {
      // A refused detail is refused before it costs one of the athlete's refreshes.
      if (update.detail !== undefined) await requireDetailFits(accountId, activityId, update.detail);
      const waitMs = await refreshLimiter.take(accountId);
      if (waitMs > 0) {
        const minutes = Math.ceil(waitMs / 60_000);
        throw new AppError('too_many_requests', `Rate limit reached. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
          retryAfterS: Math.ceil(waitMs / 1000),
        });
      }
      const change = update.detail === undefined ? unchanged : withDetail(update.detail);
      return toAnalysisView(await write(accountId, activityId, change));
    },

    /**
     * After an activity's metrics are computed: write its analysis, or rewrite it in the athlete's
     * chosen style when the facts have changed. An activity deleted meanwhile needs nothing.
     */
    async metricsComputed(accountId: string, activityId: string): Promise<void> {
      try {
        await write(accountId, activityId, unchanged, { onlyIfFactsChanged: true });
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return;
        throw error;
      }
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;

/** The plan's next session after a day as analysis facts: named, dated and counted as the text cites them (ADR 0068). */
function plannedNextAfter(dayPlan: Pick<DayPlanService, 'plannedAfter'>) {
  return async (accountId: string, day: string): Promise<PlannedNextFacts | null> => {
    const next = await dayPlan.plannedAfter(accountId, day);
    if (!next?.day.session || !next.day.plan) return null;
    const rest = next.restDays.length;
    return {
      provenance: ['athlete'],
      planName: next.day.plan.name,
      date: quantity(Math.round((Date.parse(next.date) - Date.parse(day)) / DAY_MS), formatShortCalendarDay(next.date)),
      restDays: rest === 0 ? null : quantity(rest, rest === 1 ? '1 rest day' : `${rest} rest days`),
      session: fromDaySession(next.day.session),
    };
  };
}
