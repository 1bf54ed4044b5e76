import type { ActivitySource } from '../../db/schema.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { summariseTraining, type AthleteFacts, type LoggedActivity } from './athlete-facts.ts';

export interface AthleteReading {
  facts: AthleteFacts;
  /** The weight the athlete set; null when unset. */
  weightKg: number | null;
  /** The athlete's unit system: plans and the profile are written in it. */
  units: UnitSystem;
  /** Where the facts beyond the log come from: the loads behind today's fitness, the rides behind an estimated FTP. */
  derivedFrom: ActivitySource[];
}

/**
 * The one place the athlete's facts are assembled (plans generate from them, the profile is
 * written from them): their training log summarised, fitness today from the stored series, and
 * the effective FTP (ADR 0025) unless the athlete typed one for this plan, and the effective run
 * threshold pace the plan's run paces are written from.
 */
export function createAthleteReader(deps: {
  scoring: Pick<ScoringService, 'fitnessWithSources'>;
  settings: Pick<SettingsService, 'athleteFacts'>;
}) {
  const { scoring, settings } = deps;
  return async function readAthlete(accountId: string, log: readonly LoggedActivity[], now: Date, typedFtpW: number | null = null): Promise<AthleteReading> {
    const [{ series, sources: fitnessSources }, { weightKg, units, thresholds }] = await Promise.all([
      scoring.fitnessWithSources(accountId, 1, now),
      settings.athleteFacts(accountId, now),
    ]);
    const today = series.at(-1);
    const fitness = today && (today.ctl > 0 || today.atl > 0) ? { ctl: today.ctl, atl: today.atl, tsb: today.tsb } : null;
    const effective = typedFtpW === null ? thresholds.cycling.ftpW : null;
    // A value Strava states is Strava's; an estimate comes from the rides it was read from.
    const ftpSources: ActivitySource[] = effective?.source === 'strava' ? ['strava'] : (effective?.evidence.map((entry) => entry.source) ?? []);
    const ftp: AthleteFacts['ftp'] = typedFtpW !== null ? { watts: typedFtpW, source: 'athlete' } : effective && { watts: effective.value, source: effective.source };
    return {
      facts: summariseTraining(log, now, { fitness, ftp, thresholdPaceSPerKm: thresholds.running.thresholdPaceSPerKm?.value ?? null }),
      weightKg,
      units,
      derivedFrom: [...(fitness ? fitnessSources : []), ...new Set(ftpSources)],
    };
  };
}

export type AthleteReader = ReturnType<typeof createAthleteReader>;
