/**
 * A structured workout as head units and trainer apps take it (FIT, .mrc, .erg): steps of a fixed
 * time (or, in a test over a set distance, one step that ends at a distance), each with one target
 * already resolved for the athlete, and interval blocks as repeats.
 * The plan's sessions are turned into this (features/plans/device-files.ts); the writers beside
 * this file only encode it.
 */

export interface Range {
  low: number;
  high: number;
}

export type DeviceTarget =
  /** Watts from the athlete's FTP. */
  | { kind: 'watts'; watts: Range }
  /** % of FTP, for an athlete with no FTP known: the device applies its own. */
  | { kind: 'ftpPct'; pct: Range }
  /** Running speed in m/s from the athlete's threshold pace. */
  | { kind: 'speed'; metresPerS: Range }
  /** Heart rate in bpm from the athlete's zones. */
  | { kind: 'heartRate'; bpm: Range };

export type DeviceStepIntensity = 'warmup' | 'active' | 'rest' | 'cooldown';

export interface DeviceStep {
  kind: 'step';
  intensity: DeviceStepIntensity;
  /** The step's time; for a step that ends at a distance, the time it is expected to take. */
  durationS: number;
  /** Set on a step that ends when this distance (metres) is covered, such as a time trial's 5 km: FIT writes it so; a ramp file cannot. */
  distanceM?: number;
  target: DeviceTarget;
  /** The step's FTP share, kept beside the device target for the ramp files (.mrc/.erg) of rides. */
  ftpPct: Range;
}

export interface DeviceRepeat {
  kind: 'repeat';
  repeats: number;
  steps: DeviceStep[];
}

export interface DeviceWorkout {
  name: string;
  sport: 'cycling' | 'running';
  /** The text the athlete reads with the session. */
  description: string;
  steps: (DeviceStep | DeviceRepeat)[];
}

/** The workout's time: each repeat counts all its rounds. */
export function workoutDurationS(workout: Pick<DeviceWorkout, 'steps'>): number {
  return workout.steps.reduce(
    (sum, step) => sum + (step.kind === 'repeat' ? step.repeats * step.steps.reduce((inner, child) => inner + child.durationS, 0) : step.durationS),
    0,
  );
}
