import { COGGAN_POWER_ZONE_UPPER_BOUNDS_PCT_FTP } from '../../metrics/zones.ts';
import type { EditSport, WorkoutStep, WorkoutTarget } from '../api/plan-edits.ts';
import { workoutStepSeconds } from '../api/plan-edits.ts';
import { heartRateFor, type EffectiveThresholds } from '../api/settings.ts';

/**
 * A workout the athlete builds from steps (ADR 0082): its total time and its training load, on the
 * TSS scale activities are scored on (an hour at threshold = 100): each step's hours × IF² × 100,
 * IF being the step's intensity against the athlete's threshold. The one source of both figures:
 * the server stores them with the workout and the web's workout builder shows them as it is
 * built (the builder relies on this file).
 *
 * What IF a target stands for:
 * - % FTP: the fraction itself (110 % FTP → 1.1), as for planned rides (planned-load.ts).
 * - watts: watts / FTP.
 * - pace: threshold pace / pace (a speed ratio, as running TSS reads it), flat ground assumed.
 * - heart-rate zone: the middle of the same-numbered Coggan power zone (his heart-rate and power
 *   zones 1-5 describe the same efforts), e.g. zone 2 (56-75 % FTP) → 0.655; the same mapping
 *   the Zwift files use for heart-rate targets.
 * - heart rate in bpm: the zone of the athlete's heart-rate zones it falls in, then as a zone.
 * A target whose threshold the athlete has not set has no IF: the load is null and `missing`
 * says which threshold it needs (the server refuses such a workout with the matching message).
 */

/** The thresholds a workout's targets are read against; null where the athlete has none. */
export interface WorkoutThresholds {
  ftpW: number | null;
  thresholdPaceSPerKm: number | null;
  /** Five zones, zone 1 without a min and zone 5 without a max. */
  hrZones: readonly { min: number | null; max: number | null }[] | null;
}

export type MissingThreshold = 'ftp' | 'thresholdPace' | 'heartRateZones';

export interface WorkoutTotals {
  durationS: number;
  /** Whole minutes (at least 1): the session's minutes on the plan. */
  durationMin: number;
  /** Whole number on the TSS scale; null when a target's threshold is missing. */
  load: number | null;
  /** The workout's intensity factor: √(load per hour / 100); null with the load. */
  intensityFactor: number | null;
  missing: MissingThreshold[];
}

const PERCENT = 100;
const TSS_PER_HOUR_AT_THRESHOLD = 100;
/** Zone 1 has no lower power bound; 45 % is where a spin stops being training. */
const ZONE_1_FLOOR_PCT_FTP = 45;

/** Heart-rate zones 1-5 as % FTP ranges: the same-numbered Coggan power zones (Z2 is 56-75 %). Index 0 is zone 1. */
export const HEART_RATE_ZONE_FTP_PCT: readonly { low: number; high: number }[] = COGGAN_POWER_ZONE_UPPER_BOUNDS_PCT_FTP.slice(0, 5).map((upper, index, uppers) => ({
  low: index === 0 ? ZONE_1_FLOOR_PCT_FTP : uppers[index - 1]! + 1,
  high: upper,
}));

/** The zone (1-5) of a heart rate in the athlete's zones: the first whose max it does not exceed. */
export function heartRateZoneOf(bpm: number, zones: readonly { min: number | null; max: number | null }[]): number {
  const index = zones.findIndex((zone) => zone.max === null || bpm <= zone.max);
  return Math.min(5, index === -1 ? zones.length : index + 1);
}

const zoneFactor = (zone: number) => {
  const range = HEART_RATE_ZONE_FTP_PCT[Math.min(Math.max(Math.round(zone), 1), 5) - 1]!;
  return (range.low + range.high) / 2 / PERCENT;
};

/** The intensity factor a target stands for, or the threshold it needs. */
export function targetIntensityFactor(target: WorkoutTarget, thresholds: WorkoutThresholds): { factor: number } | { missing: MissingThreshold } {
  switch (target.kind) {
    case 'ftpPct':
      return { factor: target.pct / PERCENT };
    case 'watts':
      return thresholds.ftpW ? { factor: target.watts / thresholds.ftpW } : { missing: 'ftp' };
    case 'pace':
      return thresholds.thresholdPaceSPerKm ? { factor: thresholds.thresholdPaceSPerKm / target.sPerKm } : { missing: 'thresholdPace' };
    case 'hrZone':
      return { factor: zoneFactor(target.zone) };
    case 'heartRate':
      return thresholds.hrZones ? { factor: zoneFactor(heartRateZoneOf(target.bpm, thresholds.hrZones)) } : { missing: 'heartRateZones' };
  }
}

/** The workout's total time and load. */
export function workoutTotals(steps: readonly WorkoutStep[], thresholds: WorkoutThresholds): WorkoutTotals {
  const missing = new Set<MissingThreshold>();
  let load = 0;
  const part = (durationS: number, target: WorkoutTarget, times = 1) => {
    const read = targetIntensityFactor(target, thresholds);
    if ('missing' in read) missing.add(read.missing);
    else load += times * (durationS / 3600) * read.factor ** 2 * TSS_PER_HOUR_AT_THRESHOLD;
  };
  for (const step of steps) {
    if (step.type === 'intervals') {
      part(step.work.durationS, step.work.target, step.repeats);
      part(step.recovery.durationS, step.recovery.target, step.repeats);
    } else part(step.durationS, step.target);
  }
  const durationS = steps.reduce((sum, step) => sum + workoutStepSeconds(step), 0);
  const known = missing.size === 0 && durationS > 0;
  return {
    durationS,
    durationMin: Math.max(1, Math.round(durationS / 60)),
    load: known ? Math.round(load) : null,
    intensityFactor: known ? Math.round(Math.sqrt(load / (durationS / 3600) / TSS_PER_HOUR_AT_THRESHOLD) * 100) / 100 : null,
    missing: [...missing],
  };
}

/** The athlete's thresholds a workout of this sport is read against (the settings' effective values, ADR 0025, 0055). */
export function workoutThresholdsOf(effective: EffectiveThresholds, sport: EditSport): WorkoutThresholds {
  return {
    ftpW: effective.cycling.ftpW?.value ?? null,
    thresholdPaceSPerKm: effective.running.thresholdPaceSPerKm?.value ?? null,
    hrZones: heartRateFor(effective, sport === 'cycling' ? 'ride' : 'run').zones?.zones ?? null,
  };
}
