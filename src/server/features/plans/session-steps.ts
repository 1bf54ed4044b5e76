import type { SessionIntensity, SessionStep } from '../../../shared/api/analysis.ts';

/**
 * A plan session as structured steps (the plan's workout files are written from them): a warm-up,
 * the session's main set and a cool-down that together fill the session's minutes exactly.
 * Deterministic: the same session and minutes always give the same steps.
 */

/** A target as % of FTP, low to high. */
export type FtpRange = readonly [number, number];

/** The heart of a session, as its description says it (e.g. 'Threshold intervals: 3 x 10 min, 5 min easy between'). */
export type MainSet =
  /** The whole session at one easy target, no warm-up or cool-down (recovery rides). */
  | { kind: 'easy'; target: FtpRange }
  | { kind: 'steady'; target: FtpRange }
  | { kind: 'intervals'; repeats: number; workMin: number; work: FtpRange; recoveryMin: number; recovery: FtpRange }
  /** Steady at `target`, the last `finishMin` minutes at `finish`. */
  | { kind: 'finish'; target: FtpRange; finishMin: number; finish: FtpRange };

const WARMUP: FtpRange = [45, 70];
const COOLDOWN: FtpRange = [45, 65];
/** Zone 2: the riding around interval blocks. */
const AEROBIC: FtpRange = [56, 75];
/** Below this a session is all main set: no time for a warm-up worth the name. */
const SHORT_SESSION_MIN = 20;
/** From this length the warm-up and cool-down take 10 minutes each; below it, 5. */
const LONG_WARMUP_FROM_MIN = 60;

function power([low, high]: FtpRange, ftpW: number | null): SessionIntensity {
  return { kind: 'power', ftpPct: { low, high }, watts: ftpW === null ? null : { low: Math.round((low * ftpW) / 100), high: Math.round((high * ftpW) / 100) } };
}

function steady(durationMin: number, target: FtpRange, ftpW: number | null): SessionStep[] {
  return durationMin > 0 ? [{ type: 'steady', durationS: durationMin * 60, intensity: power(target, ftpW) }] : [];
}

/**
 * The steps of a session of `minutes`. An interval set that does not fit loses repeats (the
 * remaining time is zone 2 split around it); one that cannot fit a single repeat becomes one
 * block at the work target.
 */
export function sessionSteps(main: MainSet, minutes: number, ftpW: number | null): SessionStep[] {
  if (main.kind === 'easy') return steady(minutes, main.target, ftpW);
  if (minutes < SHORT_SESSION_MIN) return steady(minutes, main.kind === 'intervals' ? main.work : main.target, ftpW);

  const rampMin = minutes >= LONG_WARMUP_FROM_MIN ? 10 : 5;
  const middleMin = minutes - 2 * rampMin;
  const warmup: SessionStep = { type: 'warmup', durationS: rampMin * 60, intensity: power(WARMUP, ftpW) };
  const cooldown: SessionStep = { type: 'cooldown', durationS: rampMin * 60, intensity: power(COOLDOWN, ftpW) };
  return [warmup, ...mainSteps(main, middleMin, ftpW), cooldown];
}

function mainSteps(main: Exclude<MainSet, { kind: 'easy' }>, middleMin: number, ftpW: number | null): SessionStep[] {
  if (main.kind === 'steady') return steady(middleMin, main.target, ftpW);
  if (main.kind === 'finish') {
    const finishMin = Math.min(main.finishMin, Math.floor(middleMin / 2));
    return [...steady(middleMin - finishMin, main.target, ftpW), ...steady(finishMin, main.finish, ftpW)];
  }
  const repeatMin = main.workMin + main.recoveryMin;
  const repeats = Math.min(main.repeats, Math.floor(middleMin / repeatMin));
  if (repeats === 0) return steady(middleMin, main.work, ftpW);
  const spareMin = middleMin - repeats * repeatMin;
  const beforeMin = Math.floor(spareMin / 2);
  const intervals: SessionStep = {
    type: 'intervals',
    repeats,
    work: { durationS: main.workMin * 60, intensity: power(main.work, ftpW) },
    recovery: { durationS: main.recoveryMin * 60, intensity: power(main.recovery, ftpW) },
  };
  return [...steady(beforeMin, AEROBIC, ftpW), intervals, ...steady(spareMin - beforeMin, AEROBIC, ftpW)];
}

/** The FTP test's effort: 20 minutes at the most the rider can hold evenly, about 105 % of the FTP it sets. */
export const FTP_TEST_EFFORT: FtpRange = [100, 110];
export const FTP_TEST_MIN = 60;

/**
 * The FTP test (a progress check, ADR 0069) as steps filling FTP_TEST_MIN: a 20-minute warm-up,
 * 5 minutes easy, the 20-minute effort, a 15-minute cool-down.
 */
export function ftpTestSteps(ftpW: number | null): SessionStep[] {
  return [
    { type: 'warmup', durationS: 20 * 60, intensity: power(WARMUP, ftpW) },
    ...steady(5, [45, 55], ftpW),
    ...steady(20, FTP_TEST_EFFORT, ftpW),
    { type: 'cooldown', durationS: 15 * 60, intensity: power(COOLDOWN, ftpW) },
  ];
}

/**
 * The 5 km time trial (the running plan's base-phase test, ADR 0069): a 15-minute warm-up, the
 * 5 km as evenly and as fast as the runner can (about threshold pace or faster: zones 4-5), then
 * 10 minutes easy. Its name holds no measure, so it reads the same in either unit system (ADR 0073).
 */
export const TIME_TRIAL_NAME = '5K time trial';
export const TIME_TRIAL_DISTANCE_M = 5000;
export const TIME_TRIAL_WARMUP_MIN = 15;
export const TIME_TRIAL_COOLDOWN_MIN = 10;
export const TIME_TRIAL_EFFORT: FtpRange = [100, 110];
/** The test's name in plans made before ADR 0073 by a metric athlete; '5K' in imperial ones. */
const EARLIER_TIME_TRIAL_NAMES = ['5 km time trial'];

/** Whether a session label is the 5 km time trial, under its name now or in a plan made before. */
export const isTimeTrial = (label: string): boolean => label === TIME_TRIAL_NAME || EARLIER_TIME_TRIAL_NAMES.includes(label);

/**
 * The time trial as steps: the effort lasts `effortMin`, the time the 5 km is expected to take (a
 * device file ends it at the distance instead, device-files.ts). Runs are prescribed in % FTP
 * as the plan prescribes every session by effort; the device files read them as pace zones.
 */
export function timeTrialSteps(effortMin: number): SessionStep[] {
  return [
    { type: 'warmup', durationS: TIME_TRIAL_WARMUP_MIN * 60, intensity: power(WARMUP, null) },
    ...steady(effortMin, TIME_TRIAL_EFFORT, null),
    { type: 'cooldown', durationS: TIME_TRIAL_COOLDOWN_MIN * 60, intensity: power(COOLDOWN, null) },
  ];
}
