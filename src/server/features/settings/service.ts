import { computeHeartRateZoneUpperBoundsBpm } from '../../../metrics/zones.ts';
import {
  heartRateZonesOf,
  hrZoneFields,
  preferredActivities as knownActivities,
  type AthleteProfile,
  type HrZoneValues,
  type PreferredActivity,
  type UserSettings,
  type UserSettingsUpdate,
} from '../../../shared/api/settings.ts';
import { DEFAULT_COACHING_STYLE, DEFAULT_SYSTEM_PROMPT, type CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import { advanceMesocycle, isMesocycleWeek, type MesocycleState } from '../../../shared/domain/mesocycle.ts';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../../shared/domain/unit-system.ts';
import type { CachedAthleteData } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActivitiesService, AthleteThresholds } from '../activities/service.ts';
import type { StravaService } from '../strava/service.ts';
import type { SettingsRepo, UserSettingsChanges, UserSettingsRow } from './repo.ts';

/**
 * How long the Strava athlete and zones are kept before asking Strava again. Weight, FTP and zones
 * change rarely, while every request counts against the app-wide Strava budget; an hour keeps the
 * profile fresh within a session's reach (the browser keeps it 5 minutes, spec §9).
 */
export const ATHLETE_DATA_TTL_MS = 60 * 60_000;
/** LTHR as a share of maximum heart rate, as the metrics assume it (src/metrics/athlete-settings.ts). */
const LTHR_FRACTION_OF_MAX_HR = 0.9;

/** What an analysis is written from, of the account's settings (see the analysis service). */
export interface AnalysisSettings {
  coachingStyle: CoachingStyle;
  /** The athlete's instructions, with the custom style only. */
  systemPrompt: string | null;
  units: UnitSystem;
  athleteFtpW: number | null;
  athleteWeightKg: number | null;
  hrZones: HrZoneValues | null;
  mesocycle: MesocycleState;
  /** Analyses written at an older revision are stale. */
  revision: number;
}

type HrZoneRow = Pick<UserSettingsRow, (typeof hrZoneFields)[number]>;

function zonesOf(row: HrZoneRow | undefined): HrZoneValues {
  return Object.fromEntries(hrZoneFields.map((field) => [field, row?.[field] ?? null])) as HrZoneValues;
}

function parsePreferredActivities(stored: string | undefined): PreferredActivity[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed) ? knownActivities.filter((activity) => parsed.includes(activity)) : [];
  } catch {
    return [];
  }
}

function mesocycleOf(row: UserSettingsRow | undefined): MesocycleState {
  const week = row?.mesocycleCurrentWeek ?? 1;
  return {
    enabled: row?.mesocycleEnabled ?? false,
    currentWeek: isMesocycleWeek(week) ? week : 1,
    weekStartDate: row?.mesocycleWeekStartDate ?? null,
  };
}

function toView(row: UserSettingsRow | undefined): UserSettings {
  return {
    unitSystem: row?.unitSystem ?? DEFAULT_UNIT_SYSTEM,
    coachingStyle: row?.coachingStyle ?? DEFAULT_COACHING_STYLE,
    systemPrompt: row?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
    preferredActivities: parsePreferredActivities(row?.preferredActivities),
    athleteName: row?.athleteName ?? null,
    athleteWeight: row?.athleteWeight ?? null,
    athleteFtp: row?.athleteFtp ?? null,
    ...zonesOf(row),
    mesocycleEnabled: row?.mesocycleEnabled ?? false,
    mesocycleCurrentWeek: mesocycleOf(row).currentWeek,
    mesocycleWeekStartDate: row?.mesocycleWeekStartDate?.toISOString() ?? null,
    athleteDataCachedAt: row?.athleteDataCachedAt?.toISOString() ?? null,
  };
}

/** The zone-1..4 upper bounds the metrics score with, only when all four are set. */
function upperBounds(zones: HrZoneValues): AthleteThresholds['hrZoneUpperBoundsBpm'] {
  const { hrZone1Max, hrZone2Max, hrZone3Max, hrZone4Max } = zones;
  return hrZone1Max !== null && hrZone2Max !== null && hrZone3Max !== null && hrZone4Max !== null
    ? [hrZone1Max, hrZone2Max, hrZone3Max, hrZone4Max]
    : null;
}

/** Five zones from four upper bounds: whole beats, each zone starting one above the last one's max. */
function zonesFromUpperBounds(bounds: readonly number[]): AthleteProfile['zones'] & object {
  const rounded = bounds.map(Math.round);
  return [null, ...rounded].map((below, index) => ({ min: below === null ? null : below + 1, max: rounded[index] ?? null }));
}

/** The custom style's instructions: trimmed, and blank is none. */
function instructions(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** The athlete's settings and coaching profile; every call is scoped to the signed-in account. */
export function createSettingsService(deps: { repo: SettingsRepo; activities: ActivitiesService; strava: StravaService }) {
  const { repo, activities, strava } = deps;

  /** The stored row with the four-week cycle moved on to `now` (spec §4), the advance persisted. */
  async function current(accountId: string, now: Date): Promise<UserSettingsRow | undefined> {
    const row = await repo.find(accountId);
    if (!row) return row;
    const before = mesocycleOf(row);
    const { state, advanced } = advanceMesocycle(before, now);
    if (!advanced || !before.weekStartDate || !state.weekStartDate) return row;
    await repo.advanceMesocycle(
      accountId,
      { week: row.mesocycleCurrentWeek, start: before.weekStartDate },
      { week: state.currentWeek, start: state.weekStartDate },
    );
    return { ...row, mesocycleCurrentWeek: state.currentWeek, mesocycleWeekStartDate: state.weekStartDate };
  }

  function styleChanges(row: UserSettingsRow | undefined, coachingStyle: CoachingStyle, systemPrompt: string | null | undefined): UserSettingsChanges {
    if (coachingStyle !== 'custom') return { coachingStyle };
    const prompt = instructions(systemPrompt) ?? row?.systemPrompt ?? null;
    if (prompt === null) throw new AppError('bad_request', 'The custom style needs your instructions');
    return { coachingStyle, systemPrompt: prompt };
  }

  function profileChanges(row: UserSettingsRow | undefined, body: UserSettingsUpdate & { preferredActivities: PreferredActivity[] }, now: Date): UserSettingsChanges {
    const mesocycleEnabled = body.mesocycleEnabled ?? row?.mesocycleEnabled ?? false;
    let mesocycleWeekStartDate =
      body.mesocycleWeekStartDate === undefined
        ? (row?.mesocycleWeekStartDate ?? null)
        : body.mesocycleWeekStartDate === null
          ? null
          : new Date(body.mesocycleWeekStartDate);
    // Spec §4: enabling starts week 1 today when no start exists.
    if (mesocycleEnabled && !mesocycleWeekStartDate) mesocycleWeekStartDate = now;
    const changes: UserSettingsChanges = {
      preferredActivities: JSON.stringify(knownActivities.filter((activity) => body.preferredActivities.includes(activity))),
      athleteFtp: body.athleteFtp ?? null,
      athleteWeight: body.athleteWeight ?? null,
      ...Object.fromEntries(hrZoneFields.map((field) => [field, body[field] ?? null])),
      mesocycleEnabled,
      mesocycleCurrentWeek: body.mesocycleCurrentWeek ?? row?.mesocycleCurrentWeek ?? 1,
      mesocycleWeekStartDate,
    };
    if (body.athleteName !== undefined) changes.athleteName = body.athleteName || null;
    return body.coachingStyle ? { ...changes, ...styleChanges(row, body.coachingStyle, body.systemPrompt) } : changes;
  }

  function analysisSettingsOf(row: UserSettingsRow | undefined): AnalysisSettings {
    const coachingStyle = row?.coachingStyle ?? DEFAULT_COACHING_STYLE;
    const zones = zonesOf(row);
    return {
      coachingStyle,
      systemPrompt: coachingStyle === 'custom' ? (row?.systemPrompt ?? null) : null,
      units: row?.unitSystem ?? DEFAULT_UNIT_SYSTEM,
      athleteFtpW: row?.athleteFtp ?? null,
      athleteWeightKg: row?.athleteWeight ?? null,
      hrZones: hrZoneFields.some((field) => zones[field] !== null) ? zones : null,
      mesocycle: mesocycleOf(row),
      revision: row?.analysisRevision ?? 0,
    };
  }

  /** Strava's athlete, from the cache while fresh; null when not connected or Strava cannot answer now. */
  async function stravaAthlete(accountId: string, row: UserSettingsRow | undefined, now: Date): Promise<CachedAthleteData | null> {
    const connection = await strava.connection(accountId);
    if (connection?.status !== 'connected') return null;
    const cached = row?.athleteData;
    const cachedAt = row?.athleteDataCachedAt;
    if (cached?.stravaId === connection.stravaId && cachedAt && now.getTime() - cachedAt.getTime() < ATHLETE_DATA_TTL_MS) return cached;
    let fetched: CachedAthleteData | null;
    try {
      fetched = await strava.athlete(accountId);
    } catch {
      // Strava unavailable, rate limited or refusing: the athlete's own data answers instead.
      return cached?.stravaId === connection.stravaId ? cached : null;
    }
    if (fetched) await repo.cacheAthleteData(accountId, fetched, now);
    return fetched;
  }

  return {
    async get(accountId: string, now = new Date()): Promise<UserSettings> {
      return toView(await current(accountId, now));
    },

    /** Saves one of the three update shapes (see src/shared/api/settings.ts); returns the saved settings. */
    async update(accountId: string, body: UserSettingsUpdate, now = new Date()): Promise<UserSettings> {
      const row = await current(accountId, now);
      const { preferredActivities, unitSystem, coachingStyle } = body;
      const changes: UserSettingsChanges = preferredActivities
        ? profileChanges(row, { ...body, preferredActivities }, now)
        : coachingStyle
          ? styleChanges(row, coachingStyle, body.systemPrompt)
          : {};
      if (unitSystem) changes.unitSystem = unitSystem;
      const before = analysisSettingsOf(row);
      const after = analysisSettingsOf({ ...row, ...changes } as UserSettingsRow);
      const { revision: _before, ...beforeInputs } = before;
      const { revision: _after, ...afterInputs } = after;
      const affectsAnalyses = JSON.stringify(beforeInputs) !== JSON.stringify(afterInputs);
      const saved = await repo.save(accountId, changes, affectsAnalyses);
      const thresholdsBefore = { ftpW: before.athleteFtpW, bounds: upperBounds(zonesOf(row)) };
      const thresholdsAfter = { ftpW: after.athleteFtpW, bounds: upperBounds(zonesOf(saved)) };
      if (JSON.stringify(thresholdsBefore) !== JSON.stringify(thresholdsAfter)) await activities.thresholdsChanged(accountId);
      return toView(saved);
    },

    /** What the athlete set that the metrics score with (FTP, zones); unset stays null (estimated there). */
    async thresholds(accountId: string): Promise<AthleteThresholds> {
      const row = await repo.find(accountId);
      return { ftpW: row?.athleteFtp ?? null, hrZoneUpperBoundsBpm: upperBounds(zonesOf(row)) };
    },

    /**
     * Something else analyses are written from changed (the active training plans): every
     * analysis written before is rewritten when next read, as after a settings change (ADR 0014).
     */
    async analysesStale(accountId: string): Promise<void> {
      await repo.save(accountId, {}, true);
    },

    /** The settings an analysis is written from, the cycle moved on to `now`. */
    async analysisSettings(accountId: string, now = new Date()): Promise<AnalysisSettings> {
      return analysisSettingsOf(await current(accountId, now));
    },

    /**
     * GET /api/athlete/profile: what the athlete states about themselves. Strava's athlete and
     * zones when connected; else, and for whatever Strava leaves unset, what they saved in the
     * coaching profile. Kairo's own estimates (FTP from the best 20 minutes, zones from the highest
     * heart rate) are never stated values: they come apart, as suggestions with their evidence,
     * so that a form prefilled from the profile never saves a guess as if the athlete had set it.
     * Only for display and for prefilling (the overlay, the plan dialog); analyses never read it.
     */
    async athleteProfile(accountId: string, now = new Date()): Promise<AthleteProfile> {
      const row = await repo.find(accountId);
      const [fromStrava, estimates] = await Promise.all([stravaAthlete(accountId, row, now), activities.estimates(accountId, now)]);
      const { maxHeartrate } = estimates;
      const suggestions: AthleteProfile['suggestions'] = {
        ftp: estimates.ftp && {
          ftpW: estimates.ftp.ftpW,
          best20MinPowerW: Math.round(estimates.ftp.best20MinPowerW),
          activityId: estimates.ftp.activityId,
          activityName: estimates.ftp.name,
          startDate: estimates.ftp.startDate.toISOString(),
        },
        hrZones: maxHeartrate && {
          maxHeartrateBpm: Math.round(maxHeartrate.maxHeartrateBpm),
          activityId: maxHeartrate.activityId,
          activityName: maxHeartrate.name,
          startDate: maxHeartrate.startDate.toISOString(),
          zones: zonesFromUpperBounds(computeHeartRateZoneUpperBoundsBpm(LTHR_FRACTION_OF_MAX_HR * maxHeartrate.maxHeartrateBpm)),
        },
      };
      const stravaZones = fromStrava?.zones?.length === 5 ? fromStrava.zones : null;
      return {
        name: fromStrava?.name ?? row?.athleteName ?? null,
        weight: fromStrava?.weightKg ?? row?.athleteWeight ?? null,
        ftp: fromStrava?.ftpW ?? row?.athleteFtp ?? null,
        zones: stravaZones ?? heartRateZonesOf(zonesOf(row)),
        source: fromStrava ? 'strava' : 'coaching-profile',
        suggestions,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
