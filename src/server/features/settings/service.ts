import {
  heartRateZonesOf,
  hrSports,
  hrZoneFields,
  sportHeartRateFields,
  SPORT_LABELS,
  zonesFromUpperBounds,
  hrZoneProblem,
  type EffectiveThresholds,
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
import { DEFAULT_WEEK_START, type Weekday } from '../../../shared/domain/week-start.ts';
import type { CachedAthleteData, StoredHrBySport } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../events/bus.ts';
import { thresholdsChanged } from '../../events/domain-events.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { StravaService } from '../strava/index.ts';
import type { SettingsRepo, UserSettingsChanges, UserSettingsRow } from './repo.ts';
import { hrBySportOf, scoringChanged, setThresholds, stravaStated, zonesOf } from './stated-thresholds.ts';
import { resolveEffectiveThresholds } from './thresholds.ts';
import { heartRateFromMaxHr } from '../../../metrics/athlete-settings.ts';

/**
 * How long the Strava athlete and zones are kept before asking Strava again. Weight, FTP and zones
 * change rarely, while every request counts against the app-wide Strava budget; an hour keeps the
 * profile fresh within a session's reach (the browser keeps it 5 minutes, spec §9).
 */
export const ATHLETE_DATA_TTL_MS = 60 * 60_000;

/** What an analysis is written from, of the account's settings (see the analysis service). */
export interface AnalysisSettings {
  coachingStyle: CoachingStyle;
  /** The athlete's instructions, with the custom style only. */
  systemPrompt: string | null;
  units: UnitSystem;
  athleteWeightKg: number | null;
  /** The effective thresholds (ADR 0025): the same values the metrics, the profile and the plans use. */
  thresholds: EffectiveThresholds;
  mesocycle: MesocycleState;
  /** Analyses written at an older revision are stale. */
  revision: number;
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

function toView(row: UserSettingsRow | undefined, effective: EffectiveThresholds): UserSettings {
  return {
    unitSystem: row?.unitSystem ?? DEFAULT_UNIT_SYSTEM,
    coachingStyle: row?.coachingStyle ?? DEFAULT_COACHING_STYLE,
    systemPrompt: row?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
    preferredActivities: parsePreferredActivities(row?.preferredActivities),
    athleteName: row?.athleteName ?? null,
    athleteWeight: row?.athleteWeight ?? null,
    athleteWeightSource: row?.athleteWeight == null ? null : (row.athleteWeightSource ?? 'athlete'),
    athleteFtp: row?.athleteFtp ?? null,
    athleteMaxHrBpm: row?.athleteMaxHrBpm ?? null,
    athleteRestingHrBpm: row?.athleteRestingHrBpm ?? null,
    athleteLthrBpm: row?.athleteLthrBpm ?? null,
    athleteThresholdPaceSPerKm: row?.athleteThresholdPaceSPerKm ?? null,
    ...zonesOf(row),
    hrBySport: hrBySportOf(row),
    mesocycleEnabled: row?.mesocycleEnabled ?? false,
    mesocycleCurrentWeek: mesocycleOf(row).currentWeek,
    mesocycleWeekStartDate: row?.mesocycleWeekStartDate?.toISOString() ?? null,
    athleteDataCachedAt: row?.athleteDataCachedAt?.toISOString() ?? null,
    weekStartsOn: row?.weekStartsOn ?? DEFAULT_WEEK_START,
    effective,
  };
}



/** The saved zones as a PUT changes them: bounds it carries replace the stored ones, null clears one. */
function zoneChanges(body: UserSettingsUpdate): Partial<HrZoneValues> {
  return Object.fromEntries(hrZoneFields.filter((field) => body[field] !== undefined).map((field) => [field, body[field] ?? null]));
}

/**
 * The per-sport heart rate as a PUT leaves it (ADR 0055): fields it carries replace the stored
 * ones, null clears one; null when no sport then sets anything, undefined when the body has none.
 */
function hrBySportChanges(row: UserSettingsRow | undefined, body: UserSettingsUpdate): StoredHrBySport | null | undefined {
  if (!body.hrBySport) return undefined;
  const stored = hrBySportOf(row);
  const next: StoredHrBySport = {};
  for (const sport of hrSports) {
    const sent = body.hrBySport[sport];
    const values = Object.fromEntries(
      sportHeartRateFields
        .map((field) => [field, sent?.[field] !== undefined ? sent[field] : stored[sport][field]] as const)
        .filter((entry): entry is readonly [(typeof sportHeartRateFields)[number], number] => entry[1] !== null),
    );
    if (Object.keys(values).length > 0) next[sport] = values;
  }
  return Object.keys(next).length > 0 ? next : null;
}

/** The first rule the heart rate of a sport breaks once merged with what is stored, as the 400 message. */
function sportHeartRateProblem(row: UserSettingsRow | undefined, hrBySport: StoredHrBySport | null | undefined): string | null {
  if (hrBySport === undefined) return null;
  for (const sport of hrSports) {
    const own = hrBySport?.[sport] ?? {};
    const zones = hrZoneProblem(own);
    if (zones) return `${SPORT_LABELS[sport]}: ${zones}`;
    const maxHr = own.athleteMaxHrBpm ?? row?.athleteMaxHrBpm ?? null;
    const lthr = own.athleteLthrBpm ?? null;
    if (maxHr !== null && lthr !== null && lthr >= maxHr) return `${SPORT_LABELS[sport]}: Threshold heart rate (LTHR) must be below max heart rate`;
  }
  return null;
}

/** The custom style's instructions: trimmed, and blank is none. */
function instructions(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** The athlete's settings and coaching profile; every call is scoped to the signed-in account. */
export function createSettingsService(deps: {
  repo: SettingsRepo;
  scoring: Pick<ScoringService, 'estimates'>;
  strava: Pick<StravaService, 'connection' | 'athlete'>;
  events: EventBus;
}) {
  const { repo, scoring, strava, events } = deps;

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

  /** The changes of a PUT: only the fields it carries (ADR 0025); absent is untouched, null clears. */
  function changesOf(row: UserSettingsRow | undefined, body: UserSettingsUpdate, now: Date): UserSettingsChanges {
    const changes: UserSettingsChanges = { ...zoneChanges(body) };
    if (body.preferredActivities) {
      changes.preferredActivities = JSON.stringify(knownActivities.filter((activity) => body.preferredActivities?.includes(activity)));
    }
    if (body.athleteFtp !== undefined) changes.athleteFtp = body.athleteFtp;
    if (body.athleteWeight !== undefined) {
      changes.athleteWeight = body.athleteWeight;
      changes.athleteWeightSource = body.athleteWeight === null ? null : 'athlete';
    }
    if (body.athleteMaxHrBpm !== undefined) changes.athleteMaxHrBpm = body.athleteMaxHrBpm;
    if (body.athleteRestingHrBpm !== undefined) changes.athleteRestingHrBpm = body.athleteRestingHrBpm;
    if (body.athleteLthrBpm !== undefined) changes.athleteLthrBpm = body.athleteLthrBpm;
    if (body.athleteThresholdPaceSPerKm !== undefined) changes.athleteThresholdPaceSPerKm = body.athleteThresholdPaceSPerKm;
    if (body.athleteName !== undefined) changes.athleteName = body.athleteName || null;
    if (body.mesocycleEnabled !== undefined || body.mesocycleCurrentWeek !== undefined || body.mesocycleWeekStartDate !== undefined) {
      const mesocycleEnabled = body.mesocycleEnabled ?? row?.mesocycleEnabled ?? false;
      let mesocycleWeekStartDate =
        body.mesocycleWeekStartDate === undefined
          ? (row?.mesocycleWeekStartDate ?? null)
          : body.mesocycleWeekStartDate === null
            ? null
            : new Date(body.mesocycleWeekStartDate);
      // Spec §4: enabling starts week 1 today when no start exists.
      if (mesocycleEnabled && !mesocycleWeekStartDate) mesocycleWeekStartDate = now;
      Object.assign(changes, { mesocycleEnabled, mesocycleCurrentWeek: body.mesocycleCurrentWeek ?? row?.mesocycleCurrentWeek ?? 1, mesocycleWeekStartDate });
    }
    if (body.coachingStyle) Object.assign(changes, styleChanges(row, body.coachingStyle, body.systemPrompt));
    if (body.unitSystem) changes.unitSystem = body.unitSystem;
    if (body.weekStartsOn) changes.weekStartsOn = body.weekStartsOn;
    const hrBySport = hrBySportChanges(row, body);
    if (hrBySport !== undefined) changes.hrBySport = hrBySport;
    return changes;
  }

  function analysisSettingsOf(row: UserSettingsRow | undefined, thresholds: EffectiveThresholds): AnalysisSettings {
    const coachingStyle = row?.coachingStyle ?? DEFAULT_COACHING_STYLE;
    return {
      coachingStyle,
      systemPrompt: coachingStyle === 'custom' ? (row?.systemPrompt ?? null) : null,
      units: row?.unitSystem ?? DEFAULT_UNIT_SYSTEM,
      athleteWeightKg: row?.athleteWeight ?? null,
      thresholds,
      mesocycle: mesocycleOf(row),
      revision: row?.analysisRevision ?? 0,
    };
  }

  /**
   * Strava's weight stored as the athlete's weight (ADR 0071), once, where the settings, the profile,
   * the plans and the analyses read it: unless the athlete's own (typed, or from a check-in) is
   * there, which wins as their word does over Strava's everywhere (ADR 0025). A changed weight
   * rewrites the analyses, as a settings change does. Answers the row as it then is.
   */
  async function keepStravaWeight(accountId: string, row: UserSettingsRow | undefined, fromStrava: CachedAthleteData | null): Promise<UserSettingsRow | undefined> {
    const weightKg = fromStrava?.weightKg ?? null;
    const ownWeight = row?.athleteWeight != null && row.athleteWeightSource !== 'strava';
    if (weightKg === null || ownWeight || row?.athleteWeight === weightKg) return row;
    return repo.save(accountId, { athleteWeight: weightKg, athleteWeightSource: 'strava' }, true);
  }

  /** Strava's athlete, from the cache while fresh, its weight kept; null when not connected or Strava cannot answer now. */
  async function stravaAthlete(accountId: string, row: UserSettingsRow | undefined, now: Date): Promise<CachedAthleteData | null> {
    const found = await askStravaAthlete(accountId, row, now);
    await keepStravaWeight(accountId, row, found);
    return found;
  }

  /** Strava's athlete as last cached for the connected athlete, without asking Strava; null without a connection or cache. */
  async function cachedStravaAthlete(accountId: string, row: UserSettingsRow | undefined): Promise<CachedAthleteData | null> {
    const connection = await strava.connection(accountId);
    if (connection?.status !== 'connected') return null;
    return row?.athleteData?.stravaId === connection.stravaId ? row.athleteData : null;
  }

  async function askStravaAthlete(accountId: string, row: UserSettingsRow | undefined, now: Date): Promise<CachedAthleteData | null> {
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
    if (fetched) {
      await repo.cacheAthleteData(accountId, fetched, now);
      const statedBefore = JSON.stringify(cached?.stravaId === fetched.stravaId ? { ftpW: cached.ftpW, zones: cached.zones } : { ftpW: null, zones: null });
      // Strava's FTP or zones may be the effective ones: a change there rescores and rewrites like a settings change.
      if (statedBefore !== JSON.stringify({ ftpW: fetched.ftpW, zones: fetched.zones })) {
        await repo.save(accountId, {}, true);
        await events.publish(thresholdsChanged, { accountId });
      }
    }
    return fetched;
  }



  /** The effective thresholds of this row (ADR 0025). */
  async function effectiveOf(accountId: string, row: UserSettingsRow | undefined, now: Date): Promise<EffectiveThresholds> {
    const [fromStrava, estimates] = await Promise.all([stravaStated(strava, accountId, row), scoring.estimates(accountId, now)]);
    return resolveEffectiveThresholds({ set: setThresholds(row), strava: fromStrava, estimates });
  }

  return {
    /** The settings with the effective thresholds; Strava's athlete is asked again when its cache is old. */
    async get(accountId: string, now = new Date()): Promise<UserSettings> {
      const row = await current(accountId, now);
      await stravaAthlete(accountId, row, now);
      // Strava's athlete may have been cached and its weight stored just now: the row as it is.
      const stored = await repo.find(accountId);
      return toView(stored, await effectiveOf(accountId, stored, now));
    },

    /** Changes only the fields the body carries (see src/shared/api/settings.ts); returns the saved settings. */
    async update(accountId: string, body: UserSettingsUpdate, now = new Date()): Promise<UserSettings> {
      const row = await current(accountId, now);
      const changes = changesOf(row, body, now);
      const zoneProblem = hrZoneProblem({ ...zonesOf(row), ...zoneChanges(body) });
      if (zoneProblem) throw new AppError('bad_request', zoneProblem);
      const merged = { ...row, ...changes } as UserSettingsRow;
      const sportProblem = sportHeartRateProblem(merged, changes.hrBySport);
      if (sportProblem) throw new AppError('bad_request', sportProblem);
      const [effectiveBefore, effectiveAfter] = await Promise.all([effectiveOf(accountId, row, now), effectiveOf(accountId, merged, now)]);
      const { revision: _before, ...beforeInputs } = analysisSettingsOf(row, effectiveBefore);
      const { revision: _after, ...afterInputs } = analysisSettingsOf(merged, effectiveAfter);
      const affectsAnalyses = JSON.stringify(beforeInputs) !== JSON.stringify(afterInputs);
      const saved = await repo.save(accountId, changes, affectsAnalyses);
      if (scoringChanged(effectiveBefore, effectiveAfter)) {
        await events.publish(thresholdsChanged, { accountId });
      }
      return toView(saved, effectiveAfter);
    },

    /**
     * The stored weight (wherever it came from, ADR 0071) and the effective thresholds (the profile
     * and the plans read them). Strava's athlete as last cached (never a call to Strava here: a plan
     * or a profile is not held up, or refused, by Strava's answer), its weight kept when the athlete
     * has none of their own, so the profile never asks for a weight Strava gave.
     */
    async athleteFacts(accountId: string, now = new Date()): Promise<{ weightKg: number | null; units: UnitSystem; thresholds: EffectiveThresholds }> {
      const before = await repo.find(accountId);
      const row = (await keepStravaWeight(accountId, before, await cachedStravaAthlete(accountId, before))) ?? (await repo.find(accountId));
      return { weightKg: row?.athleteWeight ?? null, units: row?.unitSystem ?? DEFAULT_UNIT_SYSTEM, thresholds: await effectiveOf(accountId, row, now) };
    },

    /**
     * A weight the athlete recorded in a check-in or an imported day (the newest day with one):
     * stored as their weight, over Strava's and over one typed before (ADR 0071). Unchanged, nothing is written.
     */
    async recordWeight(accountId: string, weightKg: number): Promise<void> {
      const row = await repo.find(accountId);
      if (row?.athleteWeight === weightKg && row.athleteWeightSource !== 'strava') return;
      await repo.save(accountId, { athleteWeight: weightKg, athleteWeightSource: 'check-in' }, true);
    },

    /** The weekday the athlete's calendar weeks start on (ADR 0080). */
    async weekStartsOn(accountId: string): Promise<Weekday> {
      return (await repo.find(accountId))?.weekStartsOn ?? DEFAULT_WEEK_START;
    },

    /** The athlete's unit system alone (the profile checks its text is written in it). */
    async unitSystem(accountId: string): Promise<UnitSystem> {
      return (await repo.find(accountId))?.unitSystem ?? DEFAULT_UNIT_SYSTEM;
    },

    /** The effective thresholds alone (the profile, the plans and the exports read them). */
    async effectiveThresholds(accountId: string, now = new Date()): Promise<EffectiveThresholds> {
      return effectiveOf(accountId, await repo.find(accountId), now);
    },



    /**
     * Something else analyses are written from changed (the active training plans): every
     * analysis written before is rewritten when next read, as after a settings change (ADR 0014).
     */
    async analysesStale(accountId: string): Promise<void> {
      await repo.save(accountId, {}, true);
    },

    /**
     * The revision analyses are written at (`analysisSettings(…).revision`), read alone: whether a
     * stored analysis is current costs one row, not the estimates behind the effective thresholds.
     */
    async analysisRevision(accountId: string, now = new Date()): Promise<number> {
      return (await current(accountId, now))?.analysisRevision ?? 0;
    },

    /** The settings an analysis is written from, the cycle moved on to `now`. */
    async analysisSettings(accountId: string, now = new Date()): Promise<AnalysisSettings> {
      const row = await current(accountId, now);
      return analysisSettingsOf(row, await effectiveOf(accountId, row, now));
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
      const [fromStrava, estimates] = await Promise.all([stravaAthlete(accountId, row, now), scoring.estimates(accountId, now)]);
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
          zones: zonesFromUpperBounds(heartRateFromMaxHr(maxHeartrate.maxHeartrateBpm).zoneUpperBoundsBpm),
        },
      };
      const stravaZones = fromStrava?.zones?.length === 5 ? fromStrava.zones : null;
      return {
        name: fromStrava?.name ?? row?.athleteName ?? null,
        // Stored once wherever it came from (ADR 0071): the athlete's own wins over Strava's.
        weight: (await repo.find(accountId))?.athleteWeight ?? null,
        // The athlete's word in Kairo wins over Strava's, as in the effective thresholds (ADR 0025).
        ftp: row?.athleteFtp ?? fromStrava?.ftpW ?? null,
        zones: heartRateZonesOf(zonesOf(row)) ?? stravaZones,
        source: fromStrava ? 'strava' : 'coaching-profile',
        suggestions,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
