import { DEFAULT_REST_HR_BPM, LTHR_FRACTION_OF_MAX_HR } from '../../../metrics/athlete-settings.ts';
import { COGGAN_POWER_ZONE_UPPER_BOUNDS_PCT_FTP } from '../../../metrics/zones.ts';
import type { SessionIntensity, SessionStep } from '../../../shared/api/analysis.ts';
import { WORKOUT_FORMAT_UNAVAILABLE, WORKOUT_FORMATS, type SessionFileOffer } from '../../../shared/api/plan-files.ts';
import type { EffectiveThresholds } from '../../../shared/api/settings.ts';
import type { ScheduledDay } from '../../../shared/api/training-plans.ts';
import type { PhaseName } from '../../../shared/domain/plan-phases.ts';
import type { DeviceStep, DeviceTarget, DeviceWorkout, Range } from '../../workouts/device-workout.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { unitText } from '../../../shared/domain/unit-tokens.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { ftpFractions } from '../../workouts/zwo.ts';
import type { DatedSession } from './dated-sessions.ts';
import { isTimeTrial, sessionSteps, TIME_TRIAL_COOLDOWN_MIN, TIME_TRIAL_DISTANCE_M, TIME_TRIAL_WARMUP_MIN, timeTrialSteps, type MainSet } from './session-steps.ts';
import { enduranceSessions } from './sessions.ts';

/**
 * A plan session as a device workout (ADR 0039): its steps with targets resolved from the
 * athlete's effective thresholds (ADR 0025) at download time. Rides target watts from FTP, or
 * % FTP when no FTP is known (the head unit applies its own). Runs target speed from threshold
 * pace, else heart rate from the athlete's zones; a run with neither has no device file.
 */

/** The thresholds device targets are read from; null where the athlete has none. */
export interface DeviceThresholds {
  ftpW: number | null;
  thresholdPaceSPerKm: number | null;
  /** Five zones, zone 1 without a min and zone 5 without a max. */
  hrZones: readonly { min: number | null; max: number | null }[] | null;
  maxHrBpm: number | null;
  lthrBpm: number | null;
  restingHrBpm: number | null;
}

export function deviceThresholdsOf(effective: EffectiveThresholds): DeviceThresholds {
  return {
    ftpW: effective.cycling.ftpW?.value ?? null,
    thresholdPaceSPerKm: effective.running.thresholdPaceSPerKm?.value ?? null,
    // Only runs target heart rate (rides target power): running's own zones (ADR 0055).
    hrZones: effective.running.heartRate.zones?.zones ?? null,
    maxHrBpm: effective.running.heartRate.maxHrBpm?.value ?? null,
    lthrBpm: effective.running.heartRate.lthrBpm?.value ?? null,
    restingHrBpm: effective.running.heartRate.restingHrBpm?.value ?? null,
  };
}

export type SessionSport = 'cycling' | 'running';

export function sessionSport(session: Pick<ScheduledDay, 'activityType'>): SessionSport | null {
  if (session.activityType.startsWith('Cycling')) return 'cycling';
  if (session.activityType.startsWith('Running')) return 'running';
  return null;
}

/** 'Cycling - threshold' → 'threshold'. */
export const sessionLabel = (session: Pick<ScheduledDay, 'activityType'>) => session.activityType.replace(/^[A-Za-z]+\s*-\s*/, '');

/** The structure behind a session of a phase: the same catalogue the generator wrote it from. */
function mainSetOf(phase: PhaseName, label: string): MainSet | null {
  for (const general of [false, true]) {
    const found = enduranceSessions(phase, 'cycling', null, general).find((session) => session.label === label);
    if (found?.main) return found.main;
  }
  return null;
}

/**
 * The steps of a dated session (targets in % FTP, the zones of the plan): its stored steps when
 * the day has the session's own minutes (every ride; a run's test), else a ride's structure fitted
 * to the day's minutes; a run's from the same catalogue (its zones are the rides' zones by
 * effort), the 5 km time trial's from its own protocol (so a plan made before its steps were
 * stored has its file too). Null for sessions without structure, and for rides of plans generated
 * before steps existed.
 */
export function stepsOf(dated: Pick<DatedSession, 'scheduled' | 'durationMin'> & { phase: Pick<DatedSession['phase'], 'key'> }): SessionStep[] | null {
  const sport = sessionSport(dated.scheduled);
  if (!sport || dated.durationMin <= 0) return null;
  if (dated.scheduled.steps && dated.durationMin === dated.scheduled.durationMin) return dated.scheduled.steps;
  if (sport === 'cycling' && !dated.scheduled.steps) return null;
  if (sport === 'running' && isTimeTrial(sessionLabel(dated.scheduled))) {
    const effortMin = dated.durationMin - TIME_TRIAL_WARMUP_MIN - TIME_TRIAL_COOLDOWN_MIN;
    return effortMin > 0 ? timeTrialSteps(effortMin) : null;
  }
  const main = mainSetOf(dated.phase.key, sessionLabel(dated.scheduled));
  return main ? sessionSteps(main, dated.durationMin, null) : null;
}

/** The distance a session's effort ends at, for a test over a set distance (the 5 km time trial); null for every other session. */
export function effortDistanceM(session: Pick<ScheduledDay, 'activityType'>): number | null {
  return sessionSport(session) === 'running' && isTimeTrial(sessionLabel(session)) ? TIME_TRIAL_DISTANCE_M : null;
}

/** Which formats a session downloads in for this athlete, each with the reason when it does not. */
export function formatAvailability(sport: SessionSport, hasSteps: boolean, thresholds: DeviceThresholds): SessionFileOffer[] {
  const reasonFor = (format: SessionFileOffer['format']): string | null => {
    if (!hasSteps) return WORKOUT_FORMAT_UNAVAILABLE.noSteps;
    if (sport === 'running') {
      if (format === 'mrc' || format === 'erg') return WORKOUT_FORMAT_UNAVAILABLE.notCycling;
      // Zwift runs to paces, so its file needs the threshold pace; a FIT run can target heart rate instead.
      if (format === 'zwo') return thresholds.thresholdPaceSPerKm === null ? WORKOUT_FORMAT_UNAVAILABLE.runZwoNeedsPace : null;
      return thresholds.thresholdPaceSPerKm === null && thresholds.hrZones === null ? WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds : null;
    }
    return format === 'erg' && thresholds.ftpW === null ? WORKOUT_FORMAT_UNAVAILABLE.ergNeedsFtp : null;
  };
  return WORKOUT_FORMATS.map((format) => {
    const reason = reasonFor(format);
    return { format, available: reason === null, reason };
  });
}

/** Coggan's power zone (1-5) of a % FTP; a run's session zones are read the same way. */
export function zoneOf(ftpPct: number): number {
  const index = COGGAN_POWER_ZONE_UPPER_BOUNDS_PCT_FTP.findIndex((upper) => ftpPct <= upper);
  return Math.min(5, index === -1 ? 5 : index + 1);
}

/**
 * Friel's run pace zones as % of threshold pace (time per km; Friel, "Quick guide to setting
 * zones"): zone 1 slower than 129 % (bounded here at 145 %, a jog), 2 at 114-129 %, 3 at 106-113 %,
 * 4 at 99-105 %, 5 at 90-97 %. Speed is the inverse: a slower pace is a lower speed.
 */
const RUN_PACE_ZONES_PCT: Record<number, Range> = {
  1: { low: 129, high: 145 },
  2: { low: 114, high: 129 },
  3: { low: 106, high: 113 },
  4: { low: 99, high: 105 },
  5: { low: 90, high: 97 },
};

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * A run step's zones (read from its % FTP, as the plan prescribes runs) as % of threshold speed:
 * Friel's pace zones inverted (a pace of 129 % of threshold is 100 / 1.29 = 77.5 % of its speed).
 * The FIT speed targets are this share of the threshold speed; a Zwift run workout holds it as
 * the fraction of threshold pace Zwift reads its run targets as.
 */
export function runSpeedPct(ftpPct: Range): Range {
  return { low: 10_000 / RUN_PACE_ZONES_PCT[zoneOf(ftpPct.low)]!.high, high: 10_000 / RUN_PACE_ZONES_PCT[zoneOf(ftpPct.high)]!.low };
}

/** The same steps with every target rewritten by `retarget` (an interval's work and recovery alike). */
export function retargetSteps(steps: readonly SessionStep[], retarget: (intensity: SessionIntensity) => SessionIntensity): SessionStep[] {
  return steps.map((step) =>
    step.type === 'intervals'
      ? { ...step, work: { ...step.work, intensity: retarget(step.work.intensity) }, recovery: { ...step.recovery, intensity: retarget(step.recovery.intensity) } }
      : { ...step, intensity: retarget(step.intensity) },
  );
}

/** A pace range (s per km) as % of the threshold speed: threshold pace / pace. */
function paceAsSpeedPct(sPerKm: Range, thresholdPaceSPerKm: number): Range {
  return { low: round3((thresholdPaceSPerKm * 100) / sPerKm.high), high: round3((thresholdPaceSPerKm * 100) / sPerKm.low) };
}

/**
 * A run's steps with each target as % of threshold speed instead of % FTP: what its .zwo holds. A
 * pace the athlete set (a workout they built, ADR 0082) is its share of the threshold pace, which
 * a run's Zwift file needs (formatAvailability).
 */
export function runStepsAsSpeedPct(steps: readonly SessionStep[], thresholdPaceSPerKm: number | null): SessionStep[] {
  return retargetSteps(steps, (intensity) => {
    if (intensity.kind !== 'pace') return { kind: 'power', ftpPct: runSpeedPct(ftpPctOf(intensity)), watts: null };
    if (thresholdPaceSPerKm === null) throw new Error(WORKOUT_FORMAT_UNAVAILABLE.runZwoNeedsPace);
    return { kind: 'power', ftpPct: paceAsSpeedPct(intensity.sPerKm, thresholdPaceSPerKm), watts: null };
  });
}

function runTarget(ftpPct: Range, thresholds: DeviceThresholds): DeviceTarget {
  const lowZone = zoneOf(ftpPct.low);
  const highZone = zoneOf(ftpPct.high);
  if (thresholds.thresholdPaceSPerKm !== null) {
    const thresholdSpeed = 1000 / thresholds.thresholdPaceSPerKm;
    return { kind: 'speed', metresPerS: { low: round3((thresholdSpeed * 100) / RUN_PACE_ZONES_PCT[lowZone]!.high), high: round3((thresholdSpeed * 100) / RUN_PACE_ZONES_PCT[highZone]!.low) } };
  }
  const zones = thresholds.hrZones!;
  // Zone 1 has no floor: the athlete's resting heart rate (or the one the metrics assume); zone 5 no ceiling: max heart rate, else the max the LTHR implies.
  const low = zones[lowZone - 1]?.min ?? thresholds.restingHrBpm ?? DEFAULT_REST_HR_BPM;
  const high = zones[highZone - 1]?.max ?? thresholds.maxHrBpm ?? Math.round((thresholds.lthrBpm ?? zones[3]!.max!) / LTHR_FRACTION_OF_MAX_HR);
  return { kind: 'heartRate', bpm: { low, high } };
}

function rideTarget(ftpPct: Range, ftpW: number | null): DeviceTarget {
  return ftpW === null ? { kind: 'ftpPct', pct: ftpPct } : { kind: 'watts', watts: { low: Math.round((ftpPct.low * ftpW) / 100), high: Math.round((ftpPct.high * ftpW) / 100) } };
}

/**
 * A target as % FTP: the plan prescribes in % FTP; a heart-rate zone or an effort in a workout the
 * athlete built reads as the same effort's share of FTP (the Zwift files' mapping). A pace has no
 * share of FTP: callers resolve it first.
 */
function ftpPctOf(intensity: SessionIntensity): Range {
  if (intensity.kind === 'power') return intensity.ftpPct;
  if (intensity.kind === 'pace') throw new Error('A pace target is resolved to a speed, not a share of FTP.');
  const fraction = ftpFractions(intensity);
  return { low: Math.round(fraction.low * 100), high: Math.round(fraction.high * 100) };
}

/**
 * The device target of a step: a pace as the speed it is (a run); a heart rate the athlete set in
 * bpm as itself; the rest from % FTP as the plan's steps are (a ride's watts, a run's speed or
 * heart-rate zone). `ftpPct` is what the ramp files (.mrc/.erg, rides only) read.
 */
function deviceTarget(target: SessionIntensity, sport: SessionSport, thresholds: DeviceThresholds): { target: DeviceTarget; ftpPct: Range } {
  if (target.kind === 'pace') {
    const speed = { kind: 'speed' as const, metresPerS: { low: round3(1000 / target.sPerKm.high), high: round3(1000 / target.sPerKm.low) } };
    // Paces are run targets, and a run has no ramp file: the share is kept for the step's shape only.
    return { target: speed, ftpPct: thresholds.thresholdPaceSPerKm ? paceAsSpeedPct(target.sPerKm, thresholds.thresholdPaceSPerKm) : { low: 100, high: 100 } };
  }
  const ftpPct = ftpPctOf(target);
  if (target.kind === 'heartRate' && target.bpm) return { target: { kind: 'heartRate', bpm: target.bpm }, ftpPct };
  return { target: sport === 'cycling' ? rideTarget(ftpPct, thresholds.ftpW) : runTarget(ftpPct, thresholds), ftpPct };
}

/**
 * The device workout of a session's steps; throws when the sport's thresholds are missing (check
 * formatAvailability first). A session with an `effortDistanceM` (a time trial) has its one
 * steady step, the effort, end at that distance: the device counts the distance down, and the
 * step's time is only what it is expected to take.
 */
export function deviceWorkout(
  session: { name: string; description: string; sport: SessionSport; steps: SessionStep[]; effortDistanceM?: number | null },
  thresholds: DeviceThresholds,
): DeviceWorkout {
  if (session.sport === 'running' && thresholds.thresholdPaceSPerKm === null && thresholds.hrZones === null) throw new Error(WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds);
  const efforts = session.steps.filter((planned) => planned.type === 'steady');
  const effortDistance = session.effortDistanceM && efforts.length === 1 ? { step: efforts[0], metres: session.effortDistanceM } : null;
  const step = (intensity: DeviceStep['intensity'], durationS: number, target: SessionIntensity): DeviceStep => ({ kind: 'step', intensity, durationS, ...deviceTarget(target, session.sport, thresholds) });
  return {
    name: session.name,
    sport: session.sport,
    description: session.description,
    steps: session.steps.map((planned) => {
      if (planned.type === 'intervals') {
        return { kind: 'repeat', repeats: planned.repeats, steps: [step('active', planned.work.durationS, planned.work.intensity), step('rest', planned.recovery.durationS, planned.recovery.intensity)] };
      }
      const device = step(planned.type === 'steady' ? 'active' : planned.type, planned.durationS, planned.intensity);
      return planned === effortDistance?.step ? { ...device, distanceM: effortDistance.metres } : device;
    }),
  };
}

/**
 * The steps as the athlete reads them beside the session (the calendar's event text): one line per
 * step, a ride's targets in % FTP, a run's as zones, e.g. '3 x (10 min at 91-105 % FTP, 5 min at 45-55 % FTP)'.
 */
export function stepsText(steps: SessionStep[], sport: SessionSport, units: UnitSystem): string {
  const span = ({ low, high }: Range) => (low === high ? `${low}` : `${low}-${high}`);
  const target = (intensity: SessionIntensity) => {
    // A workout the athlete built (ADR 0082) reads in the targets they set.
    if (intensity.kind === 'pace') return intensity.sPerKm.low === intensity.sPerKm.high ? unitText(units).pace(intensity.sPerKm.low) : unitText(units).paceRange(intensity.sPerKm.low, intensity.sPerKm.high);
    if (intensity.kind === 'heartRate') return intensity.bpm ? `${span(intensity.bpm)} bpm` : `heart-rate zone ${span(intensity.zones)}`;
    if (intensity.kind === 'effort') return `effort ${span(intensity.rpe)} of 10`;
    const { low, high } = intensity.ftpPct;
    if (sport === 'cycling') return intensity.watts && low === high ? `${intensity.watts.low} W (${low} % FTP)` : `${span({ low, high })} % FTP`;
    const [from, to] = [zoneOf(low), zoneOf(high)];
    return from === to ? `zone ${from}` : `zones ${from}-${to}`;
  };
  const part = (durationS: number, intensity: SessionIntensity) => `${formatDurationWords(durationS)} at ${target(intensity)}`;
  return steps
    .map((step) => {
      if (step.type === 'intervals') return `${step.repeats} x (${part(step.work.durationS, step.work.intensity)}, ${part(step.recovery.durationS, step.recovery.intensity)})`;
      const name = step.type === 'warmup' ? 'Warm-up' : step.type === 'cooldown' ? 'Cool-down' : 'Steady';
      return `${name}: ${part(step.durationS, step.intensity)}`;
    })
    .join('\n');
}
