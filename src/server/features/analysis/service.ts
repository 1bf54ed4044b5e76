import type { AnalysisView, CoachingStyleUpdate, RideDetail } from '../../../shared/api/analysis.ts';
import { DEFAULT_COACHING_STYLE, type CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import { AppError } from '../../http/errors.ts';
import { SlidingWindowLimiter } from '../../http/rate-limit.ts';
import type { ActivitiesService } from '../activities/service.ts';
import type { AnalysisSettings as AccountSettings, SettingsService } from '../settings/service.ts';
import { writeBuiltinAnalysis } from './coach/builtin.ts';
import { buildAnalysisContext, contextHash } from './coach/context.ts';
import { ungroundedNumbers } from './coach/grounding.ts';
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

const NEW_ANALYSIS: AnalysisSettings = {
  coachingStyle: DEFAULT_COACHING_STYLE,
  systemPrompt: null,
  rideDetail: null,
  coachingStyleUpdatedAt: null,
};

/** Spec §5/§9: refresh at most 5 times in a sliding 10 minutes, enforced here as well as on the device. */
const REFRESH_LIMIT = 5;
const REFRESH_WINDOW_MS = 10 * 60_000;
/** Concurrent writers of one analysis retry this often before giving up with a conflict. */
const MAX_WRITE_ATTEMPTS = 3;

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
    generatedAt: row.generatedAt.toISOString(),
    coachingStyleUpdatedAt: row.coachingStyleUpdatedAt?.toISOString() ?? null,
  };
}

/** Kai's analysis of each activity; every call is scoped to the signed-in account (another account's activity is not found). */
export function createAnalysisService(deps: { repo: AnalysisRepo; activities: ActivitiesService; settings: Pick<SettingsService, 'analysisSettings'> }) {
  const { repo, activities, settings: accountSettings } = deps;
  const refreshLimiter = new SlidingWindowLimiter({ limit: REFRESH_LIMIT, windowMs: REFRESH_WINDOW_MS });

  /** Facts first, words second: builds the context, has the coach write, and checks its numbers. */
  async function compose(accountId: string, activityId: string, settings: AnalysisSettings, account: AccountSettings) {
    const context = await buildAnalysisContext(activities, accountId, activityId, {
      coachingStyle: settings.coachingStyle,
      systemPrompt: settings.systemPrompt,
      rideDetail: settings.rideDetail,
      units: account.units,
      athlete: { ftpW: account.athleteFtpW, weightKg: account.athleteWeightKg, hrZones: account.hrZones },
      mesocycle: account.mesocycle,
    });
    const { nextSession, ...sections } = writeBuiltinAnalysis(context);
    // A number nobody measured is never stored: from the built-in coach it is a bug, so it fails loudly.
    const ungrounded = ungroundedNumbers(sections, nextSession, context);
    if (ungrounded.length > 0) throw new Error(`the built-in coach wrote numbers that are not facts: ${ungrounded.join(', ')}`);
    return {
      activityId,
      userId: accountId,
      ...sections,
      nextSession,
      coachingStyle: settings.coachingStyle,
      systemPrompt: settings.systemPrompt,
      activityDetailType: settings.rideDetail?.type ?? null,
      activityDetailNote: settings.rideDetail?.note ?? null,
      coach: 'builtin',
      facts: context,
      contextHash: contextHash(context),
      generatedAt: new Date(),
      coachingStyleUpdatedAt: settings.coachingStyleUpdatedAt,
      settingsRevision: account.revision,
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
      const stored = withAccountStyle(current ? settingsOf(current) : NEW_ANALYSIS, account);
      const newer = current && lostToAfter !== null && current.revision > lostToAfter && current.settingsRevision === account.revision;
      if (newer && sameChoices(settingsOf(current), change(settingsOf(current)))) return current;
      const values = await compose(accountId, activityId, change(stored), account);
      if (current && options.onlyIfFactsChanged && current.contextHash === values.contextHash) return current;
      const saved = current ? await repo.replace(current.revision, values) : await repo.insertIfAbsent(values);
      if (saved) return saved;
      lostToAfter = current?.revision ?? 0;
    }
    throw new AppError('conflict', 'The analysis changed while it was being written. Try again.');
  }

  const unchanged = (settings: AnalysisSettings) => settings;
  const withDetail = (rideDetail: RideDetail | null) => (settings: AnalysisSettings) => ({ ...settings, rideDetail });

  return {
    /** The stored analysis; the first request for an activity writes it. */
    /**
     * The stored analysis; the first request for an activity writes it, and so does the first after
     * the account's settings changed what analyses are written from (a newer settings revision).
     * The activity is then rescored first: the background rescoring of the whole history may not
     * have reached it yet, and the new text must quote numbers from the new thresholds.
     */
    async get(accountId: string, activityId: string): Promise<AnalysisView> {
      const [stored, account] = await Promise.all([repo.find(accountId, activityId), accountSettings.analysisSettings(accountId)]);
      if (stored && stored.settingsRevision === account.revision) return toAnalysisView(stored);
      if (stored) await activities.recomputeMetrics(accountId, activityId);
      return toAnalysisView(await write(accountId, activityId, unchanged));
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
      return toAnalysisView(await write(accountId, activityId, withDetail(rideDetail)));
    },

    /** Writes the analysis again (with new detail context when given); limited per account. */
    async refresh(accountId: string, activityId: string, update: { detail?: RideDetail | null }): Promise<AnalysisView> {
      const waitMs = refreshLimiter.take(accountId);
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
