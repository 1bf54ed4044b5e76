import type { Random } from './random.ts';

export type Sport = 'Ride' | 'Run' | 'Hike' | 'WeightTraining';

export const SPORTS: readonly Sport[] = ['Ride', 'Run', 'Hike', 'WeightTraining'];

export const WORKOUT_KINDS = ['threshold', 'vo2max', 'sweet-spot', 'tempo', 'endurance', 'long', 'recovery', 'easy', 'intervals', 'hike', 'strength'] as const;
export type WorkoutKind = (typeof WORKOUT_KINDS)[number];

/**
 * One block of a session. Intensity is relative: a fraction of FTP on the bike, of threshold
 * speed when running, of the usual pace when hiking, and of heart-rate reserve in the gym.
 */
export interface WorkoutStep {
  kind: 'warmup' | 'work' | 'recovery' | 'cooldown';
  durationS: number;
  intensity: number;
}

/**
 * A session: structured steps first, then `fillIntensity` until the route is done (the ride or run
 * home) or, without a route, until `targetDurationS`.
 */
export interface Workout {
  kind: WorkoutKind;
  /** How the athlete names the session on Strava; null keeps the default "Morning Ride". */
  title: string | null;
  steps: WorkoutStep[];
  fillIntensity: number;
  targetDurationS: number;
}

const minutes = (value: number) => Math.round(value * 60);

function repeat(count: number, work: WorkoutStep, rest: WorkoutStep): WorkoutStep[] {
  const steps: WorkoutStep[] = [];
  for (let i = 0; i < count; i += 1) steps.push(work, rest);
  return steps;
}

export function rideWorkout(kind: WorkoutKind, targetDurationS: number): Workout {
  const warmup: WorkoutStep = { kind: 'warmup', durationS: minutes(15), intensity: 0.6 };
  switch (kind) {
    case 'threshold':
      return {
        kind,
        title: 'Threshold 4×8 min',
        steps: [warmup, ...repeat(4, { kind: 'work', durationS: minutes(8), intensity: 1.0 }, { kind: 'recovery', durationS: minutes(4), intensity: 0.55 })],
        fillIntensity: 0.62,
        targetDurationS,
      };
    case 'vo2max':
      return {
        kind,
        title: 'VO2max 5×4 min',
        steps: [warmup, ...repeat(5, { kind: 'work', durationS: minutes(4), intensity: 1.15 }, { kind: 'recovery', durationS: minutes(4), intensity: 0.5 })],
        fillIntensity: 0.6,
        targetDurationS,
      };
    case 'sweet-spot':
      return {
        kind,
        title: 'Sweet spot 3×12 min',
        steps: [warmup, ...repeat(3, { kind: 'work', durationS: minutes(12), intensity: 0.9 }, { kind: 'recovery', durationS: minutes(5), intensity: 0.58 })],
        fillIntensity: 0.65,
        targetDurationS,
      };
    case 'tempo':
      return {
        kind,
        title: 'Tempo 2×20 min',
        steps: [warmup, ...repeat(2, { kind: 'work', durationS: minutes(20), intensity: 0.83 }, { kind: 'recovery', durationS: minutes(5), intensity: 0.58 })],
        fillIntensity: 0.64,
        targetDurationS,
      };
    case 'long':
      return { kind, title: null, steps: [{ kind: 'warmup', durationS: minutes(10), intensity: 0.58 }], fillIntensity: 0.68, targetDurationS };
    case 'recovery':
      return { kind, title: 'Recovery spin', steps: [], fillIntensity: 0.5, targetDurationS };
    default:
      return { kind: 'endurance', title: null, steps: [{ kind: 'warmup', durationS: minutes(10), intensity: 0.56 }], fillIntensity: 0.65, targetDurationS };
  }
}

export function runWorkout(kind: WorkoutKind, targetDurationS: number): Workout {
  const warmup: WorkoutStep = { kind: 'warmup', durationS: minutes(15), intensity: 0.76 };
  switch (kind) {
    case 'tempo':
      return {
        kind,
        title: 'Tempo 3×10 min',
        steps: [warmup, ...repeat(3, { kind: 'work', durationS: minutes(10), intensity: 0.93 }, { kind: 'recovery', durationS: minutes(2), intensity: 0.7 })],
        fillIntensity: 0.76,
        targetDurationS,
      };
    case 'intervals':
      return {
        kind,
        title: '6×3 min intervals',
        steps: [warmup, ...repeat(6, { kind: 'work', durationS: minutes(3), intensity: 1.06 }, { kind: 'recovery', durationS: minutes(2), intensity: 0.62 })],
        fillIntensity: 0.75,
        targetDurationS,
      };
    case 'long':
      return { kind, title: null, steps: [], fillIntensity: 0.72, targetDurationS };
    default:
      return { kind: 'easy', title: null, steps: [], fillIntensity: 0.74, targetDurationS };
  }
}

export function hikeWorkout(targetDurationS: number): Workout {
  return { kind: 'hike', title: null, steps: [], fillIntensity: 1, targetDurationS };
}

/** A gym circuit: sets of about 45 s with 90 s rests between a warm-up and a cool-down. */
export function strengthWorkout(targetDurationS: number, random: Random): Workout {
  const warmupS = minutes(8);
  const cooldownS = minutes(5);
  const steps: WorkoutStep[] = [{ kind: 'warmup', durationS: warmupS, intensity: 0.3 }];
  let elapsedS = warmupS + cooldownS;
  while (elapsedS < targetDurationS) {
    const workS = random.integer(35, 60);
    const restS = random.integer(75, 120);
    steps.push({ kind: 'work', durationS: workS, intensity: random.between(0.6, 0.8) });
    steps.push({ kind: 'recovery', durationS: restS, intensity: 0.15 });
    elapsedS += workS + restS;
  }
  steps.push({ kind: 'cooldown', durationS: cooldownS, intensity: 0.2 });
  return { kind: 'strength', title: null, steps, fillIntensity: 0, targetDurationS: elapsedS };
}

/** Intensity factor of the whole session, for the planned training stress. */
function sessionIntensityFactor(workout: Workout): number {
  let stepSeconds = 0;
  let weightedSquares = 0;
  for (const step of workout.steps) {
    stepSeconds += step.durationS;
    weightedSquares += step.durationS * step.intensity ** 4;
  }
  const fillS = Math.max(0, workout.targetDurationS - stepSeconds);
  weightedSquares += fillS * workout.fillIntensity ** 4;
  // Fourth-power mean, as normalized power weighs hard efforts (Coggan).
  return (weightedSquares / Math.max(1, stepSeconds + fillS)) ** 0.25;
}

/**
 * Planned training stress in TSS (Coggan: hours × IF² × 100). Hikes and gym sessions have no
 * threshold to compare with; fixed factors stand in for their heart-rate based stress.
 */
export function plannedTss(sport: Sport, workout: Workout): number {
  const hours = workout.targetDurationS / 3600;
  if (sport === 'Hike') return hours * 0.62 ** 2 * 100;
  if (sport === 'WeightTraining') return hours * 0.55 ** 2 * 100;
  return hours * sessionIntensityFactor(workout) ** 2 * 100;
}
