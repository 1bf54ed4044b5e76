import type { Sex } from './heart-rate.ts';
import { computeHeartRateZoneUpperBoundsBpm } from './zones.ts';

/** Resting heart rate assumed when the athlete has set none. */
export const DEFAULT_REST_HR_BPM = 60;
/** LTHR as a share of maximum heart rate when only one of them is known (see resolveAthleteSettings). */
export const LTHR_FRACTION_OF_MAX_HR = 0.9;

/**
 * LTHR and Friel's zone bounds from max heart rate alone (90 % of it, see below): the one place
 * they are derived from a max heart rate, set or estimated, so the metrics, the settings and the
 * suggestions count the same zones, and follow an estimate when it changes (ADR 0060).
 */
export function heartRateFromMaxHr(maxHrBpm: number): { lthrBpm: number; zoneUpperBoundsBpm: number[] } {
  const lthrBpm = LTHR_FRACTION_OF_MAX_HR * maxHrBpm;
  return { lthrBpm, zoneUpperBoundsBpm: computeHeartRateZoneUpperBoundsBpm(lthrBpm) };
}

/** What the athlete has set; any of it may be missing. */
export interface AthleteSettings {
  ftpW?: number | null;
  /**
   * Upper bounds of heart-rate zones 1–4 (the settings' hrZone1Max … hrZone4Max); zone 5 is open.
   * A heart rate equal to a bound belongs to the zone below it.
   */
  hrZoneUpperBoundsBpm?: readonly [number, number, number, number] | null;
  lthrBpm?: number | null;
  maxHrBpm?: number | null;
  restHrBpm?: number | null;
  thresholdPaceSPerKm?: number | null;
  sex?: Sex | null;
}

/** The settings metrics run with once the defaults below are applied; null still means "unknown". */
export interface ResolvedAthleteSettings {
  ftpW: number | null;
  hrZoneUpperBoundsBpm: readonly number[] | null;
  lthrBpm: number | null;
  maxHrBpm: number | null;
  restHrBpm: number;
  thresholdPaceSPerKm: number | null;
  sex: Sex;
}

/**
 * Defaults for what the athlete has not set:
 * - FTP: none. Metrics never guess FTP from the activity being scored: an easy ride would give a
 *   low FTP and inflate its own IF and TSS. The server passes the athlete's FTP, else 95 % of the
 *   best 20 minutes of their recent rides (`estimateFtpFromBest20MinW`).
 * - LTHR: the start of the athlete's heart-rate zone 5 (top of zone 4), where Friel's zones put
 *   it; else 90 % of max heart rate (a common rule of thumb for trained endurance athletes).
 * - Max heart rate: LTHR / 0.9 by the same rule.
 * - Resting heart rate: 60 bpm, a typical adult value.
 * - Heart-rate zones: Friel's zones from LTHR (`FRIEL_HEART_RATE_ZONE_UPPER_BOUNDS_PCT_LTHR`).
 * - Threshold pace: none (no rTSS). The server passes the athlete's, estimated from the best
 *   efforts of their recent runs (`estimateThresholdSpeedFromEffortsMps`).
 * - Sex: male, the coefficients of Banister's original TRIMP.
 * Max heart rate not above resting heart rate is treated as unknown.
 */
export function resolveAthleteSettings(settings: AthleteSettings): ResolvedAthleteSettings {
  const restHrBpm = positiveOrNull(settings.restHrBpm) ?? DEFAULT_REST_HR_BPM;
  const zoneUpperBoundsBpm = settings.hrZoneUpperBoundsBpm ?? null;
  const setLthrBpm = positiveOrNull(settings.lthrBpm) ?? zoneUpperBoundsBpm?.[3] ?? null;
  const maxHrBpm = positiveOrNull(settings.maxHrBpm) ?? (setLthrBpm === null ? null : setLthrBpm / LTHR_FRACTION_OF_MAX_HR);
  const lthrBpm = setLthrBpm ?? (maxHrBpm === null ? null : heartRateFromMaxHr(maxHrBpm).lthrBpm);
  return {
    ftpW: positiveOrNull(settings.ftpW),
    hrZoneUpperBoundsBpm: zoneUpperBoundsBpm ?? (lthrBpm === null ? null : computeHeartRateZoneUpperBoundsBpm(lthrBpm)),
    lthrBpm,
    maxHrBpm: maxHrBpm !== null && maxHrBpm > restHrBpm ? maxHrBpm : null,
    restHrBpm,
    thresholdPaceSPerKm: positiveOrNull(settings.thresholdPaceSPerKm),
    sex: settings.sex ?? 'male',
  };
}

function positiveOrNull(value: number | null | undefined): number | null {
  return value != null && value > 0 ? value : null;
}
