import { hrZoneFields, type EffectiveThreshold, type EffectiveThresholds, type HrZoneValues } from '../../../shared/api/settings.ts';
import type { AthleteThresholds } from '../scoring/index.ts';
import type { StravaService } from '../strava/index.ts';
import type { SettingsRepo, UserSettingsRow } from './repo.ts';
import { resolveEffectiveThresholds, type AthleteSetThresholds, type StravaThresholds } from './thresholds.ts';

type HrZoneRow = Pick<UserSettingsRow, (typeof hrZoneFields)[number]>;

export function zonesOf(row: HrZoneRow | undefined): HrZoneValues {
  return Object.fromEntries(hrZoneFields.map((field) => [field, row?.[field] ?? null])) as HrZoneValues;
}

/** What the athlete set in Kairo, of the thresholds. */
export function setThresholds(row: UserSettingsRow | undefined): AthleteSetThresholds {
  return {
    ftpW: row?.athleteFtp ?? null,
    zones: zonesOf(row),
    maxHrBpm: row?.athleteMaxHrBpm ?? null,
    restingHrBpm: row?.athleteRestingHrBpm ?? null,
    lthrBpm: row?.athleteLthrBpm ?? null,
    thresholdPaceSPerKm: row?.athleteThresholdPaceSPerKm ?? null,
  };
}

/** The thresholds the metrics score with, stated by the athlete or Strava (see AthleteThresholds). */
export function scoringThresholds(effective: EffectiveThresholds): AthleteThresholds {
  const { ftpW } = effective.cycling;
  const { zones } = effective.heartRate;
  const statedFtp = ftpW && ftpW.source !== 'estimate' ? ftpW : null;
  const statedZones = zones && zones.source !== 'estimate' ? zones : null;
  const bounds = statedZones?.zones.slice(0, 4).map((zone) => zone.max);
  const byAthlete = (value: EffectiveThreshold | null) => (value?.source === 'athlete' ? value.value : null);
  return {
    ftpW: statedFtp?.value ?? null,
    ftpFrom: statedFtp ? (statedFtp.source as 'athlete' | 'strava') : null,
    hrZoneUpperBoundsBpm: bounds && bounds.every((bound) => bound !== null) ? (bounds as [number, number, number, number]) : null,
    hrZonesFrom: statedZones ? (statedZones.source as 'athlete' | 'strava') : null,
    maxHrBpm: byAthlete(effective.heartRate.maxHrBpm),
    restHrBpm: byAthlete(effective.heartRate.restingHrBpm),
    lthrBpm: byAthlete(effective.heartRate.lthrBpm),
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
  return async (accountId: string): Promise<AthleteThresholds> => {
    const row = await repo.find(accountId);
    const fromStrava = await stravaStated(strava, accountId, row);
    return scoringThresholds(
      resolveEffectiveThresholds({
        set: setThresholds(row),
        strava: fromStrava,
        estimates: { ftp: null, maxHeartrate: null, thresholdPace: null },
      }),
    );
  };
}
