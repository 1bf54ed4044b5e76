import type { Block, Pause, RecordPoint } from './model.ts';
import { generateRecording, type RecordingRequest } from './generate.ts';
import { FLAT, intervalRideBlocks, ROLLING_HILLS, type PresetOptions } from './stand-ins.ts';
import type { PointOptions } from './points.ts';

/** The shapes real devices produce, each a named preset over a 40-minute ride or run unless said. */

const FULL_RIDE: Omit<PointOptions, 'seed'> = { position: true, distance: true, speed: true, power: true, heartRate: true, cadence: true, altitude: 'barometric' };
const FULL_RUN: Omit<PointOptions, 'seed'> = { position: true, distance: true, speed: true, heartRate: true, cadence: true, altitude: 'barometric' };

const rideBlocks = (): Block[] => [
  { durationS: 900, powerW: 170, heartRateBpm: 130, cadence: 88 },
  { durationS: 900, powerW: 240, heartRateBpm: 155, cadence: 92, lap: true },
  { durationS: 600, powerW: 150, heartRateBpm: 128, cadence: 85, lap: true },
];
const runBlocks = (): Block[] => [
  { durationS: 600, speedMps: 2.9, heartRateBpm: 140, cadence: 82 },
  { durationS: 1_200, speedMps: 3.5, heartRateBpm: 160, cadence: 88, lap: true },
  { durationS: 600, speedMps: 2.8, heartRateBpm: 138, cadence: 80, lap: true },
];

/** A 40-minute FIT ride over rolling hills with every stream, changed by `extra` (its own spec, pauses, points, format…). */
const ride = (name: string, { start, seed = 1 }: PresetOptions, { pauses, ...extra }: Partial<RecordingRequest> & { pauses?: Pause[] } = {}) =>
  generateRecording({
    name,
    spec: { kind: 'ride', start, seed, blocks: rideBlocks(), terrain: ROLLING_HILLS, pauses },
    format: 'fit',
    points: FULL_RIDE,
    ...extra,
  });

/** Two manual timer stops (FIT timer stop/start events, no records meanwhile): 2 min and 5 min. */
export const timerPausesRide = (options: PresetOptions) =>
  ride('timer-pauses-ride', options, { pauses: [{ afterMovingS: 700, durationS: 120, timer: 'manual' }, { afterMovingS: 1_500, durationS: 300, timer: 'manual' }], notes: ['Two manual timer pauses (120 s, 300 s).'] });

/** Auto-pause: six short stops at lights (timer stop/start with the auto trigger). */
export const autoPauseRide = (options: PresetOptions) =>
  ride('auto-pause-ride', options, {
    pauses: [200, 500, 900, 1_300, 1_800, 2_200].map((afterMovingS, i): Pause => ({ afterMovingS, durationS: 15 + 9 * i, timer: 'auto' })),
    notes: ['Six auto-pauses of 15–60 s.'],
  });

/** Smart recording: a record every 1–8 s (irregular), no timer pauses. */
export const smartRecordingRide = (options: PresetOptions) =>
  ride('smart-recording-ride', options, { points: { ...FULL_RIDE, interval: [1, 8] }, notes: ['Smart recording: 1–8 s between records.'] });

/** One 20,000 W reading (a power meter's glitch) in an otherwise normal ride. */
export const powerSpikeRide = (options: PresetOptions) =>
  ride('power-spike-ride', options, { points: { ...FULL_RIDE, powerSpike: { atS: 1_234, watts: 20_000 } }, notes: ['A single 20,000 W record at 1234 s; truth power excludes it.'] });

/** Heart-rate 0 readings (a strap losing contact): 40 records of 0 bpm. */
export const heartRateZerosRide = (options: PresetOptions) =>
  ride('heart-rate-zeros-ride', options, { points: { ...FULL_RIDE, heartRateZeros: { fromS: 1_000, count: 40 } }, notes: ['40 records of 0 bpm from 1000 s.'] });

/** A strap dropout: 4 minutes of records without heart rate. */
export const heartRateDropoutRide = (options: PresetOptions) =>
  ride('heart-rate-dropout-ride', options, { points: { ...FULL_RIDE, heartRateDropout: { fromS: 1_300, durationS: 240 } }, notes: ['Records without heart rate from 1300 s for 240 s.'] });

/** Coasting on descents: 0 W written, or power left out of the records ('missing'). */
export const coastingRide = (options: PresetOptions & { coasting?: 'zero' | 'missing' }) =>
  ride(`coasting-${options.coasting ?? 'zero'}-ride`, options, {
    spec: { kind: 'ride', start: options.start, seed: options.seed ?? 1, blocks: intervalRideBlocks().slice(0, 6), terrain: { baseM: 300, hills: [{ amplitudeM: 60, wavelengthM: 4_000 }] }, coastBelowGrade: -0.02 },
    points: { ...FULL_RIDE, coasting: options.coasting ?? 'zero' },
    notes: [`Coasting below −2 % grade, its power written as ${options.coasting === 'missing' ? 'absent' : '0 W'}; truth counts coasting as 0 W.`],
  });

/** A run whose power is a Stryd-style Connect IQ developer field "Power" (W), no native power field. */
export const developerPowerRun = ({ start, seed = 5 }: PresetOptions) =>
  generateRecording({
    name: 'developer-power-run',
    spec: { kind: 'run', start, seed, blocks: runBlocks().map((block) => ({ ...block, powerW: Math.round((block.speedMps ?? 3) * 75) })), terrain: FLAT },
    format: 'fit',
    points: { ...FULL_RUN, power: true, developerPower: true },
    notes: ['Running power only in a developer field "Power" (watts).'],
  });

/** TCX run whose trackpoint DistanceMeters restart at 0 in each lap (as phone apps write). */
export const tcxLapDistanceRestartRun = ({ start, seed = 6 }: PresetOptions) =>
  generateRecording({
    name: 'lap-distance-restart-run',
    spec: { kind: 'run', start, seed, blocks: runBlocks(), terrain: FLAT },
    format: 'tcx',
    points: FULL_RUN,
    tcx: { lapDistanceRestarts: true },
    notes: ['Three laps; each lap’s trackpoint distances start again at 0.'],
  });

/** Barometric (±0.3–1 m) or GPS-only (±3–8 m) altitude noise on a flat or hilly ride; barometric FIT states the device’s ascent. */
export const altitudeRide = (options: PresetOptions & { altitude: 'barometric' | 'gps'; terrain: 'flat' | 'hilly' }) => {
  const barometric = options.altitude === 'barometric';
  return ride(`${options.altitude}-${options.terrain}-ride`, options, {
    spec: { kind: 'ride', start: options.start, seed: options.seed ?? 7, blocks: rideBlocks(), terrain: options.terrain === 'flat' ? FLAT : ROLLING_HILLS },
    format: barometric ? 'fit' : 'gpx',
    points: { ...FULL_RIDE, altitude: options.altitude },
    ...(barometric ? { deviceAscentFactor: 0.98 } : {}),
    notes: [`${options.altitude} altitude noise on a ${options.terrain} road; truth is the noise-free climbing.`],
  });
};

/** A ride without timer events (GPX or TCX) that stands still for 32 s: points go on at 0 m/s. */
export const stopWithoutTimerRide = (options: PresetOptions & { format?: 'gpx' | 'tcx' }) =>
  ride(`stop-without-timer-ride-${options.format ?? 'gpx'}`, options, {
    format: options.format ?? 'gpx',
    pauses: [{ afterMovingS: 1_100, durationS: 32, timer: 'running' }],
    notes: ['A 32 s stop with the timer running (points at the same place); moving time excludes it.'],
  });

/** A trainer ride (no distance, no GPS) with a 2-minute break in pedalling while the timer runs: power and cadence 0 meanwhile. */
export const indoorRideWithBreak = ({ start, seed = 13 }: PresetOptions) =>
  generateRecording({
    name: 'indoor-ride-with-break',
    spec: { kind: 'ride', start, seed, blocks: rideBlocks(), pauses: [{ afterMovingS: 1_200, durationS: 120, timer: 'running' }] },
    format: 'fit',
    fitSport: ['cycling', 'indoorCycling'],
    points: { power: true, heartRate: true, cadence: true },
    notes: ['Trainer ride, no distance: a 120 s break (0 W, cadence 0) with the timer running; moving time excludes it.'],
  });

/** A virtual ride (Zwift-like: cycling / virtualActivity): power, HR, cadence, a virtual distance and speed, no GPS. */
export const virtualRide = ({ start, seed = 14 }: PresetOptions) =>
  generateRecording({
    name: 'virtual-ride',
    spec: { kind: 'virtualRide', start, seed, blocks: rideBlocks() },
    format: 'fit',
    points: { distance: true, speed: true, power: true, heartRate: true, cadence: true },
    notes: ['Virtual ride: distance and speed from the game, no position or altitude.'],
  });

/** A session with FIT sport generic (or TCX Sport="Other"): GPS and heart rate at a walking pace. */
export const genericSession = ({ start, seed = 8, format = 'fit' }: PresetOptions & { format?: 'fit' | 'tcx' }) =>
  generateRecording({
    name: `generic-session-${format}`,
    spec: { kind: 'generic', start, seed, blocks: [{ durationS: 1_800, speedMps: 1.2, heartRateBpm: 105 }], terrain: FLAT },
    format,
    points: { position: true, distance: true, speed: true, heartRate: true, altitude: 'barometric' },
    notes: ['FIT sport generic: Kairo should not guess a sport from the pace.'],
  });

/** An indoor rowing session (FIT rowing / indoorRowing): power, stroke rate, HR, distance, no GPS. */
export const rowingSession = ({ start, seed = 9 }: PresetOptions) =>
  generateRecording({
    name: 'indoor-rowing',
    spec: { kind: 'row', start, seed, blocks: [{ durationS: 600, speedMps: 3.6, powerW: 150, heartRateBpm: 135, cadence: 22 }, { durationS: 1_200, speedMps: 4.1, powerW: 210, heartRateBpm: 158, cadence: 26, lap: true }] },
    format: 'fit',
    points: { distance: true, speed: true, power: true, heartRate: true, cadence: true },
    notes: ['Indoor rower: sport rowing, sub sport indoorRowing.'],
  });

/** A FIT ride with one record whose timestamp jumps ~6 years ahead mid-file (a misaligned message). */
export const timestampJumpRide = (options: PresetOptions) =>
  ride('timestamp-jump-ride', options, {
    damage: (points: RecordPoint[]) =>
      points.map((point, i) => (i === Math.floor(points.length / 2) ? { ...point, t: point.t + 6 * 365 * 86_400, placeAtS: point.t } : point)),
    notes: ['The middle record’s timestamp is ~6 years ahead; truth ignores it (the ride is the rest).'],
  });

