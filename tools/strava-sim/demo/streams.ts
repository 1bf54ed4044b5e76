import type { ActivityPlan } from './activity-plan.ts';
import { steadyStateHeartrate, type DailyPhysiology } from './athlete-model.ts';
import { airDensityKgPerM3, BIKE_MASS_KG, nextSpeedMps } from './cycling-physics.ts';
import { gradeAdjustedSpeed, hikingSpeedMps, runningSpeedOnGrade } from './foot-speed.ts';
import type { Place } from './places.ts';
import { AutoregressiveNoise, createRandom, type Random } from './random.ts';
import { routeFor, type Route } from './routes.ts';
import type { Workout, WorkoutStep } from './workouts.ts';

/**
 * The 1 Hz recording of one activity, as a head unit or watch would produce it: sample i was
 * taken i seconds after the start. Values are already rounded the way Strava serves them, so
 * summaries computed from these arrays match the streams endpoint exactly.
 */
export interface SimStreams {
  length: number;
  /** Metres from the start, 0.1 m resolution. */
  distanceM: Float64Array | null;
  /** Interleaved latitude, longitude pairs in degrees, 6 decimals. */
  latlng: Float64Array | null;
  altitudeM: Float64Array | null;
  velocityMps: Float64Array | null;
  heartrateBpm: Uint8Array;
  cadenceRpm: Uint8Array | null;
  powerW: Uint16Array | null;
  temperatureC: Int8Array | null;
  /** 1 when the athlete was moving. */
  moving: Uint8Array;
  /** Gradient in percent, 0.1 resolution. */
  gradePct: Float64Array | null;
  /** Sample indices where the device started a new lap (the first is 0). */
  lapStartIndices: number[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function synthesizeStreams(plan: ActivityPlan, place: Place): SimStreams {
  const random = createRandom(plan.seed);
  const route = plan.route ? routeFor(plan.route, place) : null;
  switch (plan.sport) {
    case 'Ride':
      return synthesizeRide(plan, route, random);
    case 'Run':
      return synthesizeFootActivity(plan, route, random, runModel(plan.physiology));
    case 'Hike':
      return synthesizeFootActivity(plan, route, random, hikeModel(plan.physiology, random));
    case 'WeightTraining':
      return synthesizeStrength(plan, random);
  }
}

/** Index of the step at a time into the session; `steps.length` once past them (the fill). */
function stepIndexAt(stepEndsS: readonly number[], elapsedS: number): number {
  let index = 0;
  while (index < stepEndsS.length && elapsedS >= (stepEndsS[index] ?? 0)) index += 1;
  return index;
}

/** When each step ends, in seconds from the start. */
function stepEnds(steps: WorkoutStep[]): number[] {
  let endS = 0;
  return steps.map((step) => (endS += step.durationS));
}

/** Whether the device records laps at the workout's step changes (structured sessions do). */
const isStructured = (steps: WorkoutStep[]) => steps.some((step) => step.kind === 'work');

/** The workout second by second: the step each second is in, and a lap wherever a structured session's step changes. */
class StepClock {
  private readonly steps: WorkoutStep[];
  private readonly ends: number[];
  private readonly structured: boolean;
  private index = 0;
  private readonly lapStartIndices = [0];

  constructor(steps: WorkoutStep[]) {
    this.steps = steps;
    this.ends = stepEnds(steps);
    this.structured = isStructured(steps);
  }

  /** How long the steps last, in seconds (the fill comes after). */
  get stepsS(): number {
    return this.ends.at(-1) ?? 0;
  }

  /** The step second `i` is in (undefined once past them: the fill); called for each second in turn. */
  stepAt(i: number): WorkoutStep | undefined {
    const current = stepIndexAt(this.ends, i);
    if (this.structured && current !== this.index) this.lapStartIndices.push(i);
    this.index = current;
    return this.steps[current];
  }

  /** Where the laps of a recording `length` seconds long start (no lap starts on its last sample). */
  lapStarts(length: number): number[] {
    if (this.lapStartIndices.at(-1) === length - 1 && this.lapStartIndices.length > 1) this.lapStartIndices.pop();
    return this.lapStartIndices;
  }
}

/**
 * Heart rate follows its steady state with a lag (faster up than down) and drifts upwards over a
 * long effort, more so in the heat (cardiac drift).
 */
class HeartModel {
  private heartrate: number;
  private readonly day: DailyPhysiology;
  private readonly random: Random;
  private readonly driftPerHour: number;
  private static readonly riseAlpha = 1 - Math.exp(-1 / 22);
  private static readonly fallAlpha = 1 - Math.exp(-1 / 45);

  constructor(day: DailyPhysiology, random: Random, driftPerHour: number) {
    this.day = day;
    this.random = random;
    this.driftPerHour = driftPerHour;
    this.heartrate = day.restingHeartrateBpm + 0.3 * (day.thresholdHeartrateBpm - day.restingHeartrateBpm);
  }

  /** The recorded heart rate one second later, for a relative intensity (1 = threshold). */
  next(intensity: number, elapsedS: number, offsetBpm: number): number {
    const day = this.day;
    const drift = 1 + this.driftPerHour * (elapsedS / 3600);
    const target = Math.min(day.maxHeartrateBpm, steadyStateHeartrate(day, intensity, offsetBpm) * drift);
    this.heartrate += (target - this.heartrate) * (target > this.heartrate ? HeartModel.riseAlpha : HeartModel.fallAlpha);
    return Math.max(40, Math.min(day.maxHeartrateBpm, Math.round(this.heartrate + 0.6 * this.random.normal())));
  }
}

/** Heat adds to the athlete's cardiac drift: half as much again 7.5 °C above 18 °C. */
function driftPerHourFor(plan: ActivityPlan): number {
  return plan.physiology.heartrateDriftPerHour * (1 + Math.max(0, plan.temperatureC - 18) / 15);
}

/** The optional channels of a recording, allocated at full capacity and trimmed by `finish`. */
type Channels = Omit<SimStreams, 'length' | 'heartrateBpm' | 'moving' | 'lapStartIndices'>;

function finish(
  length: number,
  heartrateBpm: Uint8Array,
  moving: Uint8Array,
  channels: Partial<Channels>,
  lapStartIndices: number[],
): SimStreams {
  return {
    length,
    distanceM: channels.distanceM?.slice(0, length) ?? null,
    latlng: channels.latlng?.slice(0, length * 2) ?? null,
    altitudeM: channels.altitudeM?.slice(0, length) ?? null,
    velocityMps: channels.velocityMps?.slice(0, length) ?? null,
    heartrateBpm: heartrateBpm.slice(0, length),
    cadenceRpm: channels.cadenceRpm?.slice(0, length) ?? null,
    powerW: channels.powerW?.slice(0, length) ?? null,
    temperatureC: channels.temperatureC?.slice(0, length) ?? null,
    moving: moving.slice(0, length),
    gradePct: channels.gradePct?.slice(0, length) ?? null,
    lapStartIndices,
  };
}

/**
 * Records position, altitude and gradient along a route, and remembers the terrain at the last
 * written sample: the slope the athlete is on for the next second.
 */
class TerrainRecorder {
  readonly latlng: Float64Array;
  readonly altitudeM: Float64Array;
  readonly gradePct: Float64Array;
  grade: number;
  currentAltitudeM: number;
  private airDensity: number;
  private airDensityAltitudeM: number;
  private readonly metresPerDegreeLongitude: number;
  private readonly route: Route;

  constructor(route: Route, capacity: number) {
    this.route = route;
    this.latlng = new Float64Array(capacity * 2);
    this.altitudeM = new Float64Array(capacity);
    this.gradePct = new Float64Array(capacity);
    this.metresPerDegreeLongitude = 111_320 * Math.cos((route.originLatitude * Math.PI) / 180);
    this.grade = route.grade[0] ?? 0;
    this.currentAltitudeM = route.altitudeM[0] ?? 0;
    this.airDensityAltitudeM = this.currentAltitudeM;
    this.airDensity = airDensityKgPerM3(this.currentAltitudeM);
  }

  /** Air density at the current altitude, refreshed every few dozen metres of height. */
  currentAirDensity(): number {
    if (Math.abs(this.currentAltitudeM - this.airDensityAltitudeM) > 25) {
      this.airDensityAltitudeM = this.currentAltitudeM;
      this.airDensity = airDensityKgPerM3(this.currentAltitudeM);
    }
    return this.airDensity;
  }

  /** Interpolates the route at a distance along the (repeating) loop and records sample i. */
  record(i: number, distanceM: number): void {
    const route = this.route;
    const count = route.altitudeM.length;
    const exact = (distanceM % route.spec.lengthM) / route.spacingM;
    const index = Math.floor(exact) % count;
    const next = (index + 1) % count;
    const t = exact - Math.floor(exact);
    // Written out rather than through a helper: this runs for every second of every activity.
    const grade0 = route.grade[index] ?? 0;
    const altitude0 = route.altitudeM[index] ?? 0;
    const north0 = route.northM[index] ?? 0;
    const east0 = route.eastM[index] ?? 0;
    this.grade = grade0 + t * ((route.grade[next] ?? grade0) - grade0);
    this.currentAltitudeM = altitude0 + t * ((route.altitudeM[next] ?? altitude0) - altitude0);
    const northM = north0 + t * ((route.northM[next] ?? north0) - north0);
    const eastM = east0 + t * ((route.eastM[next] ?? east0) - east0);
    this.latlng[2 * i] = round6(route.originLatitude + northM / 111_320);
    this.latlng[2 * i + 1] = round6(route.originLongitude + eastM / this.metresPerDegreeLongitude);
    this.altitudeM[i] = round1(this.currentAltitudeM);
    this.gradePct[i] = round1(this.grade * 100);
  }

  channels() {
    return { latlng: this.latlng, altitudeM: this.altitudeM, gradePct: this.gradePct };
  }
}

/** Short stops along the way (lights, junctions, a café on long days), keyed by distance. */
interface Stop {
  atM: number;
  durationS: number;
}

function planStops(random: Random, lengthM: number, count: number, minS: number, maxS: number): Stop[] {
  return Array.from({ length: count }, () => ({ atM: random.between(0.03, 0.97) * lengthM, durationS: random.integer(minS, maxS) }));
}

/** The stops along the way in distance order: each begins once the distance reaches it and lasts its duration. */
class StopSchedule {
  private readonly stops: Stop[];
  private next = 0;
  private remainingS = 0;

  constructor(stops: Stop[]) {
    this.stops = [...stops].sort((a, b) => a.atM - b.atM);
  }

  /** Whether the second that starts `distanceM` along is spent stopped; called for each second in turn. */
  stoppedAt(distanceM: number): boolean {
    const stop = this.stops[this.next];
    if (stop && this.remainingS === 0 && distanceM >= stop.atM) {
      this.remainingS = stop.durationS;
      this.next += 1;
    }
    if (this.remainingS === 0) return false;
    this.remainingS -= 1;
    return true;
  }
}

/** The channels every activity on the move records, a sample a second, with room for `capacity` seconds. */
function movingChannels(capacity: number) {
  return {
    distanceStream: new Float64Array(capacity),
    velocityMps: new Float64Array(capacity),
    heartrateBpm: new Uint8Array(capacity),
    cadenceRpm: new Uint8Array(capacity),
    temperatureC: new Int8Array(capacity),
    moving: new Uint8Array(capacity),
  };
}

/** Generous room for the recording: stops and a slow day can stretch a session. */
const capacityFor = (targetDurationS: number, stepsS: number) => Math.ceil(Math.max(targetDurationS, stepsS) * 1.8) + 2_400;

/** The longest a recording of this workout can last, in seconds: no activity runs past it. */
export function maxRecordingS(workout: Workout): number {
  return capacityFor(workout.targetDurationS, stepEnds(workout.steps).at(-1) ?? 0);
}

function synthesizeRide(plan: ActivityPlan, route: Route | null, random: Random): SimStreams {
  const day = plan.physiology;
  const { steps, fillIntensity, targetDurationS } = plan.workout;
  const indoor = route === null;
  const clock = new StepClock(steps);
  const { stepsS } = clock;
  const capacity = capacityFor(targetDurationS, stepsS);
  const powerW = new Uint16Array(capacity);
  const { distanceStream, velocityMps, heartrateBpm, cadenceRpm, temperatureC, moving } = movingChannels(capacity);
  const terrain = route ? new TerrainRecorder(route, capacity) : null;
  const massKg = day.weightKg + BIKE_MASS_KG;
  const lengthM = route?.spec.lengthM ?? Number.POSITIVE_INFINITY;
  const stops = new StopSchedule(
    route
      ? [
          ...planStops(random, lengthM, random.integer(1, 4), 8, 50),
          ...(targetDurationS > 2.4 * 3600 ? [{ atM: lengthM * random.between(0.45, 0.6), durationS: random.integer(12, 25) * 60 }] : []),
        ]
      : [],
  );
  // ERG mode on the trainer holds power tightly; on the road power wanders with wind and traffic.
  const fastNoise = new AutoregressiveNoise(random, indoor ? 0.025 : 0.08, 0.7);
  const slowNoise = new AutoregressiveNoise(random, indoor ? 0.01 : 0.04, 0.995);
  const temperatureDrift = new AutoregressiveNoise(random, 0.8, 0.97);
  const heart = new HeartModel(day, random, driftPerHourFor(plan));
  const seaLevelAirDensity = airDensityKgPerM3(0);

  let distanceM = 0;
  let speedMps = 0;
  let coastRemainingS = 0;
  let temperatureOffsetC = 0;
  let i = 0;
  for (; i < capacity; i += 1) {
    const step = clock.stepAt(i);
    const grade = terrain?.grade ?? 0;

    let watts = 0;
    if (stops.stoppedAt(distanceM)) {
      speedMps = speedMps > 1 ? speedMps * 0.35 : 0;
    } else {
      const working = step?.kind === 'work';
      let targetW = (step?.intensity ?? fillIntensity) * day.ftpW * (working ? day.readiness : 1);
      if (!working && terrain) {
        // Off the intervals riders push on climbs and ease off, then freewheel, downhill.
        const gradePct = grade * 100;
        if (gradePct > 1.5) targetW *= 1 + Math.min(0.35, 0.045 * (gradePct - 1.5));
        else if (gradePct < -1.5) targetW *= Math.max(0, 1 + 0.16 * (gradePct + 1.5));
      }
      watts = targetW * (1 + fastNoise.next() + slowNoise.next());
      if (!indoor) {
        if (coastRemainingS > 0) coastRemainingS -= 1;
        else if (random.chance(0.004)) coastRemainingS = random.integer(3, 12);
        if (coastRemainingS > 0) watts = 0;
      }
      // Below a few dozen watts riders stop pedalling and freewheel.
      watts = watts < 35 ? 0 : Math.round(watts);
      const airDensity = terrain ? terrain.currentAirDensity() : seaLevelAirDensity;
      speedMps = nextSpeedMps(speedMps, watts, grade, massKg, airDensity);
    }
    // Sample i holds the state i seconds in: the distance covered during second i is its speed.
    if (i > 0) distanceM += speedMps;
    terrain?.record(i, distanceM);
    if (i % 30 === 0) temperatureOffsetC = temperatureDrift.next();

    const isMoving = speedMps > 0.5;
    powerW[i] = watts;
    moving[i] = isMoving ? 1 : 0;
    distanceStream[i] = round1(distanceM);
    velocityMps[i] = round2(speedMps);
    heartrateBpm[i] = heart.next(isMoving ? watts / day.ftpW : 0, i, 0);
    cadenceRpm[i] =
      watts > 0 ? Math.round(Math.max(55, Math.min(115, 88 + (step?.kind === 'work' ? 4 : 0) - 1.6 * Math.max(0, grade * 100 - 2) + 2 * random.normal()))) : 0;
    temperatureC[i] = Math.round(indoor ? 21 + temperatureOffsetC * 0.3 : plan.temperatureC + temperatureOffsetC);

    const finished = terrain ? distanceM >= lengthM : i >= targetDurationS;
    if (i >= stepsS && finished) break;
  }
  const length = Math.min(i + 1, capacity);
  const channels = { distanceM: distanceStream, velocityMps, cadenceRpm, powerW, temperatureC, ...terrain?.channels() };
  return finish(length, heartrateBpm, moving, channels, clock.lapStarts(length));
}

/** How one kind of activity on foot turns terrain and intensity into speed and heart rate. */
interface FootModel {
  speedOnGrade(intensity: number, grade: number): number;
  effortIntensity(speedMps: number, grade: number): number;
  heartrateOffsetBpm: number;
  cadence(speedMps: number, random: Random): number;
  noiseSd: number;
  planStops(random: Random, lengthM: number): Stop[];
}

function runModel(day: DailyPhysiology): FootModel {
  return {
    speedOnGrade: (intensity, grade) => runningSpeedOnGrade(intensity * day.thresholdSpeedMps, grade),
    effortIntensity: (speedMps, grade) => gradeAdjustedSpeed(speedMps, grade) / day.thresholdSpeedMps,
    // Running recruits more muscle than cycling: a few beats higher at the same relative effort.
    heartrateOffsetBpm: 4,
    cadence: (speedMps, random) => Math.round(Math.max(70, Math.min(100, 78 + 9 * (speedMps / day.thresholdSpeedMps) + 1.5 * random.normal()))),
    noiseSd: 0.03,
    planStops: (random, lengthM) => planStops(random, lengthM, random.integer(0, 2), 8, 40),
  };
}

function hikeModel(day: DailyPhysiology, random: Random): FootModel {
  const fitness = random.between(0.92, 1.08) * day.readiness;
  return {
    speedOnGrade: (_intensity, grade) => hikingSpeedMps(grade) * fitness,
    // Climbing dominates the effort: metres gained per hour, on top of walking itself.
    effortIntensity: (speedMps, grade) => 0.42 + (Math.max(0, grade) * speedMps * 3600) / 1500,
    heartrateOffsetBpm: 0,
    cadence: (_speedMps, random) => Math.round(54 + 2 * random.normal()),
    noiseSd: 0.06,
    planStops: (random, lengthM) => [
      ...planStops(random, lengthM, random.integer(1, 2), 180, 360),
      { atM: lengthM / 2, durationS: random.integer(10, 20) * 60 },
    ],
  };
}

function synthesizeFootActivity(plan: ActivityPlan, route: Route | null, random: Random, model: FootModel): SimStreams {
  if (!route) throw new Error(`${plan.sport} needs a route`);
  const day = plan.physiology;
  const { steps, fillIntensity, targetDurationS } = plan.workout;
  const clock = new StepClock(steps);
  const { stepsS } = clock;
  const lengthM = route.spec.lengthM;
  const capacity = capacityFor(targetDurationS, stepsS);
  const { distanceStream, velocityMps, heartrateBpm, cadenceRpm, temperatureC, moving } = movingChannels(capacity);
  const terrain = new TerrainRecorder(route, capacity);
  const stops = new StopSchedule(model.planStops(random, lengthM));
  const fastNoise = new AutoregressiveNoise(random, model.noiseSd, 0.8);
  const slowNoise = new AutoregressiveNoise(random, model.noiseSd, 0.995);
  const temperatureDrift = new AutoregressiveNoise(random, 0.8, 0.97);
  const heart = new HeartModel(day, random, driftPerHourFor(plan));

  let distanceM = 0;
  let speedMps = 0;
  let temperatureOffsetC = 0;
  let i = 0;
  for (; i < capacity; i += 1) {
    const step = clock.stepAt(i);
    const grade = terrain.grade;
    if (stops.stoppedAt(distanceM)) {
      speedMps = speedMps > 0.8 ? speedMps * 0.4 : 0;
    } else {
      const intensity = (step?.intensity ?? fillIntensity) * (step?.kind === 'work' ? day.readiness : 1);
      const targetMps = model.speedOnGrade(intensity, grade) * (1 + fastNoise.next() + slowNoise.next());
      // Legs take a few seconds to change pace.
      speedMps += (targetMps - speedMps) * 0.3;
    }
    if (i > 0) distanceM += speedMps;
    terrain.record(i, distanceM);
    if (i % 30 === 0) temperatureOffsetC = temperatureDrift.next();

    const isMoving = speedMps > 0.3;
    moving[i] = isMoving ? 1 : 0;
    distanceStream[i] = round1(distanceM);
    velocityMps[i] = round2(speedMps);
    heartrateBpm[i] = heart.next(isMoving ? model.effortIntensity(speedMps, grade) : 0.05, i, model.heartrateOffsetBpm);
    cadenceRpm[i] = isMoving ? model.cadence(speedMps, random) : 0;
    temperatureC[i] = Math.round(plan.temperatureC + temperatureOffsetC);

    if (i >= stepsS && distanceM >= lengthM) break;
  }
  const length = Math.min(i + 1, capacity);
  const channels = { distanceM: distanceStream, velocityMps, cadenceRpm, temperatureC, ...terrain.channels() };
  return finish(length, heartrateBpm, moving, channels, clock.lapStarts(length));
}

function synthesizeStrength(plan: ActivityPlan, random: Random): SimStreams {
  const day = plan.physiology;
  const { steps } = plan.workout;
  const ends = stepEnds(steps);
  const length = (ends.at(-1) ?? 0) + 1;
  const heartrateBpm = new Uint8Array(length);
  const moving = new Uint8Array(length).fill(1);
  // Lifting raises heart rate less than its perceived effort suggests: no drift, small offset.
  const heart = new HeartModel(day, random, 0);
  for (let i = 0; i < length; i += 1) {
    heartrateBpm[i] = heart.next(steps[stepIndexAt(ends, i)]?.intensity ?? 0.2, i, -4);
  }
  return finish(length, heartrateBpm, moving, {}, [0]);
}
