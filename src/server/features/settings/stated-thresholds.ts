import {
  heartRateFor,
  hrSports,
  hrZoneFields,
  sportHeartRateFields,
  type EffectiveThreshold,
  type EffectiveThresholds,
  type HrSport,
  type HrZoneValues,
  type SportHeartRateValues,
} from '../../../shared/api/settings.ts';
import type { SportFamily } from '../../../metrics/training-load.ts';
import type { StoredHrBySport } from '../../db/schema.ts';
import type { AthleteThresholds } from '../scoring/index.ts';
import type { StravaService } from '../strava/index.ts';
import type { SettingsRepo, UserSettingsRow } from './repo.ts';
import { resolveEffectiveThresholds, type AthleteSetThresholds, type SetHeartRate, type StravaThresholds } from './thresholds.ts';

type HrZoneRow = Pick<UserSettingsRow, (typeof hrZoneFields)[number]>;

export function zonesOf(row: Partial<HrZoneRow> | undefined): HrZoneValues {
  return Object.fromEntries(hrZoneFields.map((field) => [field, row?.[field] ?? null])) as HrZoneValues;
}

/** What the athlete set for each sport alone (ADR 0055), every field, null where unset. */
export function hrBySportOf(row: Pick<UserSettingsRow, 'hrBySport'> | undefined): Record<HrSport, SportHeartRateValues> {
  const stored: StoredHrBySport = row?.hrBySport ?? {};
  const values = (sport: HrSport) => Object.fromEntries(sportHeartRateFields.map((field) => [field, stored[sport]?.[field] ?? null])) as SportHeartRateValues;
  return { cycling: values('cycling'), running: values('running') };
}

function setHeartRateOf(values: SportHeartRateValues): SetHeartRate {
  return { zones: zonesOf(values as HrZoneRow), maxHrBpm: values.athleteMaxHrBpm, lthrBpm: values.athleteLthrBpm };
}

/** What the athlete set in Kairo, of the thresholds. */
export function setThresholds(row: UserSettingsRow | undefined): AthleteSetThresholds {
  const bySport = hrBySportOf(row);
  return {
    bySport: { cycling: setHeartRateOf(bySport.cycling), running: setHeartRateOf(bySport.running) },
    ftpW: row?.athleteFtp ?? null,
    zones: zonesOf(row),
    maxHrBpm: row?.athleteMaxHrBpm ?? null,
    restingHrBpm: row?.athleteRestingHrBpm ?? null,
    lthrBpm: row?.athleteLthrBpm ?? null,
    thresholdPaceSPerKm: row?.athleteThresholdPaceSPerKm ?? null,
  };
}

/**
 * The thresholds the metrics score an activity of this sport family with, stated by the athlete or
 * Strava (see AthleteThresholds): its sport's heart rate (ADR 0055).
 */
export function scoringThresholds(effective: EffectiveThresholds, family: SportFamily): AthleteThresholds {
  const { ftpW } = effective.cycling;
  const heartRate = heartRateFor(effective, family);
  const { zones } = heartRate;
  const statedFtp = ftpW && ftpW.source !== 'estimate' ? ftpW : null;
  const statedZones = zones && zones.source !== 'estimate' ? zones : null;
  const bounds = statedZones?.zones.slice(0, 4).map((zone) => zone.max);
  const byAthlete = (value: EffectiveThreshold | null) => (value?.source === 'athlete' ? value.value : null);
  return {
    ftpW: statedFtp?.value ?? null,
    ftpFrom: statedFtp ? (statedFtp.source as 'athlete' | 'strava') : null,
    hrZoneUpperBoundsBpm: bounds && bounds.every((bound) => bound !== null) ? (bounds as [number, number, number, number]) : null,
    hrZonesFrom: statedZones ? (statedZones.source as 'athlete' | 'strava') : null,
    maxHrBpm: byAthlete(heartRate.maxHrBpm),
    restHrBpm: byAthlete(heartRate.restingHrBpm),
    lthrBpm: byAthlete(heartRate.lthrBpm),
    thresholdPaceSPerKm: byAthlete(effective.running.thresholdPaceSPerKm),
  };
}

/** What Strava's athlete profile states, from the cache only (no request): null when not connected. */
export async function stravaStated(strava: Pick<StravaService, 'connection'>, accountId: string, row: UserSettingsRow | undefined): Promise<StravaThresholds | null> {
  const cached = row?.athleteData;
  if (!cached) return null;
  const connection = await strava.connection(accountId);
  return connection?.status === 'connected' && connection.stravaId === cached.stravaId ? { ftpW: cached.ftpW, zones: cached.zones } : null;
}
/**
 * The thresholds the metrics score with: those the athlete or Strava states; unset stays null (the
 * metrics estimate it). Made apart from the settings service, which reads the metrics' estimates,
 * so scoring and settings need not wait for each other.
 */
export function createStatedThresholds(deps: { repo: SettingsRepo; strava: Pick<StravaService, 'connection'> }) {
  const { repo, strava } = deps;
  return async (accountId: string, family: SportFamily): Promise<AthleteThresholds> => {
    const row = await repo.find(accountId);
    const fromStrava = await stravaStated(strava, accountId, row);
    return scoringThresholds(
      resolveEffectiveThresholds({
        set: setThresholds(row),
        strava: fromStrava,
        estimates: { ftp: null, maxHeartrate: null, maxHeartrateBySport: { cycling: null, running: null }, thresholdPace: null },
      }),
      family,
    );
  };
}

/** The families whose scoring thresholds differ by sport: a ride, a run and everything else (ADR 0055). */
export const SCORING_FAMILIES: readonly SportFamily[] = ['ride', 'run', 'other'];

/** Whether the thresholds the metrics score with changed for any sport (then the history is rescored). */
export function scoringChanged(before: EffectiveThresholds, after: EffectiveThresholds): boolean {
  return SCORING_FAMILIES.some((family) => JSON.stringify(scoringThresholds(before, family)) !== JSON.stringify(scoringThresholds(after, family)));
}

export function isHrSport(value: string): value is HrSport {
  return (hrSports as readonly string[]).includes(value);
}
