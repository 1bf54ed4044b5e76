import { Decoder, Stream } from '@garmin/fitsdk';
import { encodeFitActivity, type FitLength, type FitSession } from './fit-writer.ts';
import { generateWithGround } from './generate.ts';
import { sampleGroundTruth } from './ground-truth.ts';
import type { ActivitySpec, ExpectedSport, GeneratedRecording, GroundSecond, LapSpan, RecordingTruth, RecordPoint } from './model.ts';
import { recordPoints } from './points.ts';
import { ROLLING_HILLS, type PresetOptions } from './stand-ins.ts';
import { computeTruth, lapSpans } from './truth.ts';

/** The shapes that need more than one activity spec: pool swims, multisport, chained and cut-off files. */

const POOL_LENGTH_M = 25;

/** A pool swim: 8 warm-up lengths, then 4 × (4 lengths + 20 s rest); FIT length messages (active and idle), pool length in the session. */
export function poolSwim({ start, seed = 25 }: PresetOptions): GeneratedRecording {
  const lengths: FitLength[] = [];
  let t = 0;
  const swim = (count: number, secondsPerLength: number) => {
    for (let i = 0; i < count; i++) {
      const elapsedS = secondsPerLength + ((seed + lengths.length * 7) % 3);
      lengths.push({ startS: t, elapsedS, active: true, strokes: 16 + (i % 3) });
      t += elapsedS;
    }
  };
  swim(8, 28);
  for (let set = 0; set < 4; set++) {
    lengths.push({ startS: t, elapsedS: 20, active: false, strokes: 0 });
    t += 20;
    swim(4, 24);
  }
  const seconds: GroundSecond[] = [];
  let distanceM = 0;
  let heartRate = 110;
  for (let s = 0; s <= t; s++) {
    const length = lengths.find((l) => s > l.startS && s <= l.startS + l.elapsedS);
    const active = length?.active ?? false;
    if (active && length) distanceM += POOL_LENGTH_M / length.elapsedS;
    heartRate += ((active ? 150 : 120) - heartRate) / 20;
    seconds.push({ t: s, moving: active, timerRunning: s > 0, pauseTimer: null, block: 0, lat: 0, lon: 0, altitudeM: null, distanceM, speedMps: active ? POOL_LENGTH_M / (length?.elapsedS ?? 1) : 0, powerW: 0, heartRateBpm: Math.round(heartRate), cadence: 0, temperatureC: 27 });
  }
  const points = recordPoints(seconds, { seed, distance: true, heartRate: true });
  const laps: LapSpan[] = [{ startS: 0, endS: t, timerS: t, distanceM }];
  const active = lengths.filter((length) => length.active);
  const activeTimeS = active.reduce((sum, length) => sum + length.elapsedS, 0);
  const session: FitSession = { sport: 'swimming', subSport: 'lapSwimming', startS: 0, endS: t, timerS: t, distanceM: active.length * POOL_LENGTH_M, firstLapIndex: 0, numLaps: 1, poolLengthM: POOL_LENGTH_M, numActiveLengths: active.length, activeTimeS };
  const bytes = encodeFitActivity({ start, points, timer: [{ startS: 0, stopS: t, auto: false }], laps, sessions: [session], lengths });
  const truth = computeTruth(seconds, { sport: 'Swim', start, distance: true, power: false, heartRate: true, cadence: false, altitude: false, laps, sampleCount: points.length, movingTimeS: activeTimeS, notes: [`Pool swim: ${active.length} active lengths of 25 m, 4 rests (idle lengths) of 20 s; moving time is the active lengths' time.`] });
  return { fileName: 'pool-swim.fit', bytes, truth: { ...truth, distanceM: active.length * POOL_LENGTH_M } };
}

interface Leg {
  spec: Omit<ActivitySpec, 'start' | 'seed' | 'origin'>;
  fit: [string, string];
  sport: ExpectedSport | null;
}

/** A triathlon in one FIT file: swim, T1, bike, T2, run as five sessions; 20 records before the first session starts (part of the swim leg). */
export function multisportTriathlon({ start, seed = 3 }: PresetOptions): GeneratedRecording {
  const legs: Leg[] = [
    { spec: { kind: 'openWaterSwim', blocks: [{ durationS: 900, speedMps: 1.1, heartRateBpm: 150, cadence: 30 }] }, fit: ['swimming', 'openWater'], sport: 'Swim' },
    { spec: { kind: 'generic', blocks: [{ durationS: 120, speedMps: 1.5, heartRateBpm: 140 }] }, fit: ['transition', 'generic'], sport: null },
    { spec: { kind: 'ride', blocks: [{ durationS: 2_400, powerW: 220, heartRateBpm: 150, cadence: 90 }], terrain: ROLLING_HILLS }, fit: ['cycling', 'road'], sport: 'Ride' },
    { spec: { kind: 'generic', blocks: [{ durationS: 60, speedMps: 1.5, heartRateBpm: 145 }] }, fit: ['transition', 'generic'], sport: null },
    { spec: { kind: 'run', blocks: [{ durationS: 1_200, speedMps: 3.4, heartRateBpm: 160, cadence: 86 }] }, fit: ['running', 'generic'], sport: 'Run' },
  ];
  const PRE_START_S = 20;
  const all: GroundSecond[] = [];
  const sessions: FitSession[] = [];
  const laps: LapSpan[] = [];
  const legTruths: RecordingTruth[] = [];
  const transitions: { startS: number; elapsedS: number }[] = [];
  let origin: [number, number] = [46.2, 6.15];
  let offsetS = 0;
  let offsetM = 0;
  const points: RecordPoint[] = [];
  legs.forEach((leg, index) => {
    const own = sampleGroundTruth({ ...leg.spec, start, seed: seed + index, origin });
    const shifted = own.map((second) => ({ ...second, t: second.t + offsetS, distanceM: second.distanceM + offsetM, altitudeM: null }));
    const legPointOptions = { seed: seed + index, position: true, distance: true, speed: true, heartRate: true, cadence: true, power: leg.spec.kind === 'ride' };
    const legPoints = recordPoints(own, legPointOptions).map((point) => ({ ...point, t: point.t + offsetS, distanceM: (point.distanceM ?? 0) + offsetM }));
    // The watch records before the gun: standing at the start, part of the first leg (ADR 0020, amended).
    const preStart: GroundSecond[] = index > 0 ? [] : Array.from({ length: PRE_START_S }, (_, i) => ({ ...own[0]!, t: i - PRE_START_S, moving: false, heartRateBpm: 110 }));
    for (const second of preStart) points.push({ t: second.t, lat: second.lat, lon: second.lon, distanceM: 0, speedMps: 0, heartRateBpm: second.heartRateBpm });
    points.push(...(index === 0 ? legPoints : legPoints.slice(1)));
    const endS = offsetS + own.length - 1;
    const distanceM = own.at(-1)!.distanceM;
    laps.push({ startS: offsetS, endS, timerS: endS - offsetS, distanceM });
    sessions.push({ sport: leg.fit[0], subSport: leg.fit[1], startS: offsetS, endS, timerS: endS - offsetS, distanceM, firstLapIndex: index, numLaps: 1 });
    if (leg.sport === null) transitions.push({ startS: offsetS, elapsedS: endS - offsetS });
    else legTruths.push(computeTruth([...preStart, ...own], { sport: leg.sport, start: new Date(start.getTime() + offsetS * 1000), distance: true, power: leg.spec.kind === 'ride', heartRate: true, cadence: true, altitude: leg.spec.terrain !== undefined, laps: lapSpans(own, new Set([0])), sampleCount: preStart.length + legPoints.length, notes: [] }));
    all.push(...preStart, ...(index === 0 ? shifted : shifted.slice(1)));
    const last = own.at(-1)!;
    origin = [last.lat, last.lon];
    offsetS = endS;
    offsetM += distanceM;
  });
  const end = offsetS;
  const bytes = encodeFitActivity({ start, points, timer: [{ startS: 0, stopS: end, auto: false }], laps, sessions });
  const whole = computeTruth(all, { sport: 'Swim', start, distance: true, power: false, heartRate: true, cadence: true, altitude: false, laps, sampleCount: points.length, notes: ['Triathlon: five FIT sessions (swim, T1, bike, T2, run); 20 records before the first session’s start_time (standing at the start) belong to the first leg (ADR 0020, amended); transitions belong to no leg. Compare per leg (legs); the top level is the whole race.'] });
  return { fileName: 'triathlon-multisport.fit', bytes, truth: { ...whole, legs: legTruths, transitions } };
}

/** Two FIT files (a 30 min ride, and a 20 min ride 2 h later) concatenated into one upload. */
export function chainedFit({ start, seed = 11 }: PresetOptions): GeneratedRecording {
  const ride = (minutes: number, at: Date, s: number) =>
    generateWithGround({ name: 'chained', spec: { kind: 'ride', start: at, seed: s, blocks: [{ durationS: minutes * 60, powerW: 200, heartRateBpm: 145, cadence: 90 }], terrain: ROLLING_HILLS }, format: 'fit', points: { position: true, distance: true, speed: true, power: true, heartRate: true, cadence: true, altitude: 'barometric' } });
  const first = ride(30, start, seed);
  const second = ride(20, new Date(start.getTime() + 2 * 3_600_000), seed + 1);
  const truth: RecordingTruth = { ...first.truth, legs: [first.truth, second.truth], notes: ['Two FIT files back to back: the first ride is the top-level truth, both are in legs.'] };
  return { fileName: 'chained.fit', bytes: Buffer.concat([first.bytes, second.bytes]), truth };
}

/** A 40 min ride FIT file cut off in the middle of a record (at ~60 % of its bytes): the truth is the part that survives. */
export function truncatedFit({ start, seed = 12 }: PresetOptions): GeneratedRecording {
  const full = generateWithGround({ name: 'truncated', spec: { kind: 'ride', start, seed, blocks: [{ durationS: 2_400, powerW: 190, heartRateBpm: 140, cadence: 88 }], terrain: ROLLING_HILLS }, format: 'fit', points: { position: true, distance: true, speed: true, power: true, heartRate: true, cadence: true, altitude: 'barometric' } });
  const bytes = full.bytes.subarray(0, Math.floor(full.bytes.length * 0.6) + 3);
  const { messages } = new Decoder(Stream.fromBuffer(bytes)).read();
  const records = messages.recordMesgs ?? [];
  const lastT = Math.round(((records.at(-1)?.timestamp as Date).getTime() - start.getTime()) / 1000);
  const kept = full.seconds.slice(0, lastT + 1);
  const truth = computeTruth(kept, { sport: 'Ride', start, distance: true, power: true, heartRate: true, cadence: true, altitude: true, laps: [], sampleCount: records.length, notes: [`Cut off after ${bytes.length} bytes, mid-record; ${records.length} whole records survive (to ${lastT} s).`] });
  return { fileName: 'truncated.fit', bytes: Buffer.from(bytes), truth };
}
