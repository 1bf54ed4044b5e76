/**
 * The words of Kairo's generated recordings: what an activity is (a described plan of steady
 * blocks over a terrain), its 1 Hz ground truth, the points a device writes from it, and the truth
 * the tests compare Kairo with. Nothing here imports Kairo's product code (src/): the truth must
 * not follow Kairo's own rules.
 */

/** What the athlete does; decides the physics that turns effort into speed and the file's sport. */
export type ActivityKind = 'ride' | 'virtualRide' | 'run' | 'hike' | 'openWaterSwim' | 'poolSwim' | 'row' | 'generic';

/** Kairo's sport type (Strava's `sport_type` names, src/server/features/imports/sport-type.ts), as a truth states it. */
export type ExpectedSport = 'Ride' | 'VirtualRide' | 'Run' | 'Hike' | 'Swim' | 'Rowing' | 'VirtualRow' | 'Workout';

/** A stretch of steady effort. Rides give power (speed follows from physics), the rest give speed. */
export interface Block {
  durationS: number;
  powerW?: number;
  speedMps?: number;
  heartRateBpm: number;
  cadence?: number;
  /** The block starts a new lap (the first block always starts one). */
  lap?: boolean;
}

/**
 * The athlete stands still for `durationS` once `afterMovingS` seconds of moving are done. The
 * device's timer: 'manual' (stop/start pressed: FIT timer events, no records meanwhile), 'auto'
 * (auto-pause: the same with the auto trigger), 'running' (no timer events; records go on at 0 m/s).
 */
export interface Pause {
  afterMovingS: number;
  durationS: number;
  timer: 'manual' | 'auto' | 'running';
}

/** Altitude as a function of distance: a base plus sine hills. No hills = flat. */
export interface Terrain {
  baseM: number;
  hills: { amplitudeM: number; wavelengthM: number; phase?: number }[];
}

export interface ActivitySpec {
  kind: ActivityKind;
  /** The first sample's time; given by the caller, never the clock. */
  start: Date;
  seed: number;
  blocks: Block[];
  pauses?: Pause[];
  /** Absent for an indoor activity without altitude. */
  terrain?: Terrain;
  /** Start position in degrees; positions follow a gently curving road from here. */
  origin?: [number, number];
  /** A ride's rider coasts (0 W, cadence 0) where the road falls more steeply than this grade (e.g. -0.02). */
  coastBelowGrade?: number;
  temperatureC?: number;
  riderMassKg?: number;
}

/** The athlete's true state at one second (index = seconds since start); the interval ending at it is `moving` or not. */
export interface GroundSecond {
  t: number;
  moving: boolean;
  /** The device's timer runs through the interval ending at this second. */
  timerRunning: boolean;
  pauseTimer: Pause['timer'] | null;
  block: number;
  lat: number;
  lon: number;
  /** Noise-free terrain altitude, null without terrain. */
  altitudeM: number | null;
  distanceM: number;
  speedMps: number;
  /** Quantised as a sensor reports them (whole watts, bpm, rpm). */
  powerW: number;
  heartRateBpm: number;
  cadence: number;
  temperatureC: number;
}

/** One point a device writes (FIT record, TCX Trackpoint, GPX trkpt); absent fields are not written. */
export interface RecordPoint {
  /** Seconds since the activity's start (may be fractional never; may jump for a damaged shape). */
  t: number;
  lat?: number;
  lon?: number;
  altitudeM?: number;
  distanceM?: number;
  speedMps?: number;
  powerW?: number;
  heartRateBpm?: number;
  cadence?: number;
  temperatureC?: number;
  /** Running power from a Connect IQ developer field (FIT only), in watts. */
  developerPowerW?: number;
  /** Where a damaged point sits in the file (its time jumps away): the time it should have had. */
  placeAtS?: number;
}

export interface LapSpan {
  startS: number;
  endS: number;
  timerS: number;
  distanceM: number;
}

/** Lap as a truth states it: start (s after the activity's start), elapsed seconds, metres. */
export interface TruthLap {
  startS: number;
  elapsedS: number;
  distanceM: number | null;
}

/**
 * What a recording really is, computed from its ground truth (see TRUTH_CONVENTIONS for how each
 * figure is defined). null = the file does not record it.
 */
export interface RecordingTruth {
  sport: ExpectedSport;
  startDate: string;
  elapsedTimeS: number;
  movingTimeS: number;
  distanceM: number | null;
  averagePowerW: number | null;
  maxPowerW: number | null;
  normalizedPowerW: number | null;
  averageHeartrateBpm: number | null;
  maxHeartrateBpm: number | null;
  averageCadence: number | null;
  elevationGainM: number | null;
  deviceTotalAscentM: number | null;
  laps: TruthLap[];
  /** A multisport file's legs (sports only, transitions apart), each a truth of its own. */
  legs?: RecordingTruth[];
  /** A multisport file's transitions (T1, T2), start s after the file's first session and elapsed s. */
  transitions?: { startS: number; elapsedS: number }[];
  sampleCount: number;
  /** What is special about this recording, in words (the shape it stands for). */
  notes: string[];
}

/** A generated file: its name, its bytes and what it really is. */
export interface GeneratedRecording {
  fileName: string;
  bytes: Buffer;
  truth: RecordingTruth;
}

/** How each truth figure is defined (also in docs/decisions/0062-generated-recordings.md). */
export const TRUTH_CONVENTIONS = {
  sport: 'The Kairo/Strava sport_type the file should be imported as.',
  startDate: 'ISO time of the first sample (UTC).',
  elapsedTimeS: 'Last sample time minus first sample time, pauses included.',
  movingTimeS: 'The device timer where the file has one that paused; else the seconds in true motion (with no distance: the seconds of effort, power or cadence above 0); a pool swim: the time of its active lengths (ADR 0065).',
  distanceM: 'The true distance covered (sum of 1 Hz speed); null when the file records neither distance nor position.',
  averagePowerW: 'Mean true power over the seconds the timer ran (a stop with the timer running counts its 0 W, as TrainingPeaks and Kairo (ADR 0065) count; timer pauses do not), coasting counted as 0 W, a spike not counted, a dropout’s true power standing.',
  maxPowerW: 'Highest true power over moving seconds (an injected spike is not true power).',
  normalizedPowerW: 'Over the seconds the timer ran, in order (as the average): 30 s rolling mean, 4th powers averaged, 4th root (from the 30th second on).',
  averageHeartrateBpm: 'Mean true heart rate over moving seconds (time-weighted, 1 Hz); 0 readings are sensor faults (the true value stands); seconds of a dropout (no reading at all) are left out.',
  maxHeartrateBpm: 'Highest true heart rate over moving seconds.',
  averageCadence: 'Mean cadence over moving seconds with a cadence above 0 (as Strava shows it).',
  elevationGainM: 'The true climbing of the noise-free terrain: the sum of rises of its altitude second by second; null without altitude.',
  deviceTotalAscentM: 'The total ascent the file itself states (FIT session total_ascent), null when it states none.',
  laps: 'One per lap the file records: start (s after the start), elapsed seconds, true distance.',
  sampleCount: 'Number of points (records, trackpoints) written.',
} as const;
