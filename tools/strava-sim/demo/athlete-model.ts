import { PLACES, type Place } from './places.ts';
import { createRandom, deriveSeed } from './random.ts';

/**
 * The physiology of one simulated athlete. Everything the generator produces (power, pace, heart
 * rate, how fast they ride a climb) follows from these numbers and from the athlete's training
 * load, so trends in the data are the trends of a real training block: fitness builds, FTP and
 * threshold pace improve, fatigue after hard weeks shows up as weaker intervals and a damped heart
 * rate.
 */
export interface AthleteProfile {
  athleteId: number;
  seed: number;
  firstname: string;
  lastname: string;
  sex: 'M' | 'F';
  weightKg: number;
  place: Place;
  /** Functional threshold power at the start of the history, in watts. */
  startFtpW: number;
  /** Running speed at lactate threshold at the start of the history, in m/s. */
  startThresholdSpeedMps: number;
  maxHeartrateBpm: number;
  restingHeartrateBpm: number;
  /** How much FTP and threshold speed rise per point of chronic training load gained. */
  fitnessGainPerCtl: number;
  /** Cardiac drift: relative heart-rate rise per hour at constant output. */
  heartrateDriftPerHour: number;
  /** Chronic and acute training load when the history starts, in TSS per day. */
  startCtl: number;
}

/** The athlete on one day: what they can do, given fitness and fatigue. */
export interface DailyPhysiology {
  ftpW: number;
  thresholdSpeedMps: number;
  maxHeartrateBpm: number;
  restingHeartrateBpm: number;
  /** Heart rate at lactate threshold on the bike; running sits a few beats higher. */
  thresholdHeartrateBpm: number;
  weightKg: number;
  /** Cardiac drift: relative heart-rate rise per hour at constant output, in mild weather. */
  heartrateDriftPerHour: number;
  /** Training stress balance (CTL − ATL): negative when tired. */
  tsb: number;
  /** Multiplier on the output the athlete manages today (1 = normal; below 1 when fatigued). */
  readiness: number;
}

const MALE_FIRST_NAMES = ['Lucas', 'Marco', 'Jonas', 'Pieter', 'Daniel', 'Tomás', 'Felix', 'Oliver', 'Hugo', 'Mateo'];
const FEMALE_FIRST_NAMES = ['Elena', 'Sofie', 'Marta', 'Clara', 'Julia', 'Nora', 'Inès', 'Lena', 'Ava', 'Laia'];
const LAST_NAMES = ['Verhoeven', 'Rossi', 'Martín', 'Dubois', 'Keller', 'Andersen', 'Moreau', 'Costa', 'Novak', 'Walsh', 'Peeters', 'Vidal'];

/** Draws a plausible amateur endurance athlete from a seed. */
export function createAthleteProfile(athleteId: number, seed: number): AthleteProfile {
  const random = createRandom(deriveSeed(seed, 'profile'));
  const sex = random.chance(0.6) ? 'M' : 'F';
  const weightKg = sex === 'M' ? random.between(66, 80) : random.between(54, 65);
  const startWattsPerKg = sex === 'M' ? random.between(3.1, 3.6) : random.between(2.9, 3.4);
  const ageYears = random.integer(27, 46);
  const maxHeartrateBpm = Math.round(208 - 0.7 * ageYears + random.between(-5, 5));
  return {
    athleteId,
    seed,
    firstname: random.pick(sex === 'M' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES),
    lastname: random.pick(LAST_NAMES),
    sex,
    weightKg: Math.round(weightKg * 1000) / 1000,
    place: random.pick(PLACES),
    startFtpW: Math.round(startWattsPerKg * weightKg),
    startThresholdSpeedMps: sex === 'M' ? random.between(3.7, 4.15) : random.between(3.35, 3.75),
    maxHeartrateBpm,
    restingHeartrateBpm: random.integer(44, 56),
    fitnessGainPerCtl: random.between(0.0022, 0.003),
    heartrateDriftPerHour: random.between(0.025, 0.045),
    startCtl: random.between(38, 48),
  };
}

/**
 * Performance-management model (Banister's impulse–response model in Coggan's CTL/ATL form):
 * chronic load is a 42-day and acute load a 7-day exponentially weighted average of daily TSS.
 */
export class FitnessTracker {
  ctl: number;
  atl: number;

  constructor(startCtl: number) {
    this.ctl = startCtl;
    this.atl = startCtl;
  }

  /** Ends a day on which the athlete accumulated `tss` training stress. */
  completeDay(tss: number): void {
    this.ctl += (tss - this.ctl) / 42;
    this.atl += (tss - this.atl) / 7;
  }

  get tsb(): number {
    return this.ctl - this.atl;
  }
}

/** What the athlete can do on a day with the given fitness and fatigue. */
export function physiologyFor(profile: AthleteProfile, fitness: FitnessTracker): DailyPhysiology {
  // Fitness gained since the start lifts threshold; a plateau keeps it from running away.
  const gainedCtl = Math.min(fitness.ctl - profile.startCtl, 45);
  const fitnessFactor = 1 + profile.fitnessGainPerCtl * gainedCtl;
  const tsb = fitness.tsb;
  // Deep fatigue costs a few percent; a fresh athlete gains a little.
  const readiness = 1 + 0.0018 * Math.max(-30, Math.min(15, tsb));
  return {
    ftpW: profile.startFtpW * fitnessFactor,
    thresholdSpeedMps: profile.startThresholdSpeedMps * (1 + 0.7 * (fitnessFactor - 1)),
    maxHeartrateBpm: profile.maxHeartrateBpm,
    restingHeartrateBpm: profile.restingHeartrateBpm,
    thresholdHeartrateBpm: profile.restingHeartrateBpm + 0.86 * (profile.maxHeartrateBpm - profile.restingHeartrateBpm),
    weightKg: profile.weightKg,
    heartrateDriftPerHour: profile.heartrateDriftPerHour,
    tsb,
    readiness,
  };
}

/**
 * Steady-state heart rate for a relative intensity (1 = threshold). Heart rate rises roughly
 * linearly with output between rest and threshold and flattens towards the maximum above it.
 * Fatigue (TSB below −10) damps the response at higher intensities, the classic sign of
 * overreaching.
 */
export function steadyStateHeartrate(day: DailyPhysiology, intensity: number, offsetBpm = 0): number {
  const reserve = day.thresholdHeartrateBpm - day.restingHeartrateBpm;
  const fatigueDampingBpm = Math.max(0, -day.tsb - 10) * 0.25 * Math.min(1, intensity);
  const target = day.restingHeartrateBpm + reserve * (0.1 + 0.9 * intensity) + offsetBpm - fatigueDampingBpm;
  return Math.min(day.maxHeartrateBpm, Math.max(day.restingHeartrateBpm, target));
}
