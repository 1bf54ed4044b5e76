import type { ActivitySource } from '../../db/schema.ts';
import type { SettingsService } from '../settings/index.ts';

export interface ProfileAthlete {
  weightKg: number | null;
  ftp: { watts: number; source: 'athlete' | 'strava' | 'estimate'; sources: ActivitySource[] } | null;
}

/**
 * The weight the athlete set and the effective FTP (ADR 0025) with the sources it derives from: a
 * value Strava states is Strava's; an estimate comes from the activities it was read from.
 */
export function profileAthlete(settings: Pick<SettingsService, 'athleteFacts'>) {
  return async (accountId: string): Promise<ProfileAthlete> => {
    const { weightKg, thresholds } = await settings.athleteFacts(accountId);
    const ftp = thresholds.cycling.ftpW;
    const sources = ftp?.source === 'strava' ? (['strava'] as const) : (ftp?.evidence.map((entry) => entry.source) ?? []);
    return { weightKg, ftp: ftp && { watts: ftp.value, source: ftp.source, sources: [...new Set(sources)] } };
  };
}
