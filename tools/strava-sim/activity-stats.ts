import type { ActivityPlan } from './demo/activity-plan.ts';
import type { DailyPhysiology } from './demo/athlete-model.ts';
import { gradeAdjustedSpeed } from './demo/foot-speed.ts';
import type { SimStreams } from './demo/streams.ts';
import { encodePolyline } from './representation/polyline.ts';

/**
 * What Strava derives from a recording once it is uploaded: the summary numbers, laps, splits and
 * best efforts. All of it is computed from the same streams the API serves, so a client that
 * recomputes distance, moving time or average power from the streams gets Strava's numbers.
 */

/** Aggregates over the samples of one stretch: a lap, a split, or the whole activity. */
export interface RangeSummary {
  startIndex: number;
  endIndex: number;
  elapsedTimeS: number;
  movingTimeS: number;
  distanceM: number;
  maxSpeedMps: number;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  averageWatts: number | null;
  averageCadence: number | null;
  elevationGainM: number;
  elevationDifferenceM: number | null;
  gradeAdjustedSpeedMps: number | null;
}

export interface BestEffort {
  name: string;
  distanceM: number;
  startIndex: number;
  endIndex: number;
  elapsedTimeS: number;
  /** 1–3 when this was among the athlete's three fastest at the time; set across activities. */
  prRank: number | null;
}

export interface ActivityStats {
  whole: RangeSummary;
  weightedAverageWatts: number | null;
  maxWatts: number | null;
  kilojoules: number | null;
  averageTemperatureC: number | null;
  elevationHighM: number | null;
  elevationLowM: number | null;
  sufferScore: number;
  calories: number;
  startLatlng: [number, number] | null;
  endLatlng: [number, number] | null;
  summaryPolyline: string;
  bestEfforts: BestEffort[];
}

/** Strava's standard best-effort distances for runs, in metres. */
const BEST_EFFORT_DISTANCES: readonly { name: string; distanceM: number }[] = [
  { name: '400m', distanceM: 400 },
  { name: '1/2 mile', distanceM: 805 },
  { name: '1K', distanceM: 1000 },
  { name: '1 mile', distanceM: 1609 },
  { name: '2 mile', distanceM: 3219 },
  { name: '5K', distanceM: 5000 },
  { name: '10K', distanceM: 10000 },
  { name: '15K', distanceM: 15000 },
  { name: '10 mile', distanceM: 16090 },
  { name: '20K', distanceM: 20000 },
  { name: 'Half-Marathon', distanceM: 21097 },
  { name: '30K', distanceM: 30000 },
  { name: 'Marathon', distanceM: 42195 },
];

const METRES_PER_MILE = 1609.34;
/** Grade-adjusted speed only means something on foot. */
const isOnFoot = (plan: ActivityPlan) => plan.sport === 'Run' || plan.sport === 'Hike';
/** Ignores altitude wobbles smaller than this when adding up climbing, like Strava's smoothing. */
const ELEVATION_HYSTERESIS_M = 0.5;
const SUMMARY_POLYLINE_POINTS = 250;
const DETAILED_POLYLINE_POINTS = 2_000;

/**
 * Aggregates samples `startIndex`..`endIndex` (inclusive). Time and distance are differences
 * between the two ends; averages are over the moving samples after the start, the samples that
 * cover the stretch's seconds. `onFoot` adds grade-adjusted speed.
 */
function summarizeRange(streams: SimStreams, startIndex: number, endIndex: number, onFoot: boolean): RangeSummary {
  const { distanceM, velocityMps, heartrateBpm, powerW, cadenceRpm, altitudeM, gradePct, moving } = streams;
  let movingTimeS = 0;
  let maxSpeedMps = 0;
  let heartrateSum = 0;
  let maxHeartrate = 0;
  let wattsSum = 0;
  let cadenceSum = 0;
  let cadenceCount = 0;
  let gradeAdjustedSum = 0;
  for (let i = startIndex + 1; i <= endIndex; i += 1) {
    const speed = velocityMps?.[i] ?? 0;
    if (speed > maxSpeedMps) maxSpeedMps = speed;
    if (!moving[i]) continue;
    movingTimeS += 1;
    const heartrate = heartrateBpm[i] ?? 0;
    heartrateSum += heartrate;
    if (heartrate > maxHeartrate) maxHeartrate = heartrate;
    wattsSum += powerW?.[i] ?? 0;
    // Strava averages cadence without the zeros of coasting.
    const cadence = cadenceRpm?.[i] ?? 0;
    if (cadence > 0) {
      cadenceSum += cadence;
      cadenceCount += 1;
    }
    if (onFoot && gradePct) gradeAdjustedSum += gradeAdjustedSpeed(speed, (gradePct[i] ?? 0) / 100);
  }
  // A gym session never "moves", but its heart rate still counts.
  if (movingTimeS === 0) {
    for (let i = startIndex; i <= endIndex; i += 1) {
      const heartrate = heartrateBpm[i] ?? 0;
      heartrateSum += heartrate;
      if (heartrate > maxHeartrate) maxHeartrate = heartrate;
    }
  }
  const heartrateSamples = movingTimeS > 0 ? movingTimeS : endIndex - startIndex + 1;
  const distance = distanceM ? (distanceM[endIndex] ?? 0) - (distanceM[startIndex] ?? 0) : 0;
  return {
    startIndex,
    endIndex,
    elapsedTimeS: endIndex - startIndex,
    movingTimeS,
    distanceM: Math.round(distance * 10) / 10,
    maxSpeedMps,
    averageHeartrate: heartrateSamples > 0 ? heartrateSum / heartrateSamples : null,
    maxHeartrate: heartrateSamples > 0 ? maxHeartrate : null,
    averageWatts: powerW && movingTimeS > 0 ? wattsSum / movingTimeS : null,
    averageCadence: cadenceRpm && cadenceCount > 0 ? cadenceSum / cadenceCount : null,
    elevationGainM: altitudeM ? elevationGain(altitudeM, startIndex, endIndex) : 0,
    elevationDifferenceM: altitudeM ? Math.round(((altitudeM[endIndex] ?? 0) - (altitudeM[startIndex] ?? 0)) * 10) / 10 : null,
    gradeAdjustedSpeedMps: onFoot && gradePct && movingTimeS > 0 ? gradeAdjustedSum / movingTimeS : null,
  };
}

function elevationGain(altitudeM: Float64Array, startIndex: number, endIndex: number): number {
  let gain = 0;
  let reference = altitudeM[startIndex] ?? 0;
  for (let i = startIndex + 1; i <= endIndex; i += 1) {
    const altitude = altitudeM[i] ?? reference;
    if (altitude > reference + ELEVATION_HYSTERESIS_M) {
      gain += altitude - reference;
      reference = altitude;
    } else if (altitude < reference) {
      reference = altitude;
    }
  }
  return Math.round(gain * 10) / 10;
}

/** Normalized power (Coggan): fourth-power mean of the 30 s rolling average of moving samples. */
function normalizedPower(powerW: Uint16Array, moving: Uint8Array): number | null {
  const windowS = 30;
  const window = new Uint16Array(windowS);
  let filled = 0;
  let windowSum = 0;
  let fourthPowerSum = 0;
  let count = 0;
  for (let i = 1; i < powerW.length; i += 1) {
    if (!moving[i]) continue;
    const watts = powerW[i] ?? 0;
    const slot = filled % windowS;
    windowSum += watts - (filled >= windowS ? (window[slot] ?? 0) : 0);
    window[slot] = watts;
    filled += 1;
    if (filled >= windowS) {
      const average = windowSum / windowS;
      fourthPowerSum += average * average * average * average;
      count += 1;
    }
  }
  return count > 0 ? (fourthPowerSum / count) ** 0.25 : null;
}

/**
 * Banister's training impulse (TRIMP) from heart-rate reserve, summed per second; it stands in
 * for Strava's Relative Effort ("suffer_score"), which is likewise heart-rate based.
 */
function trainingImpulse(heartrateBpm: Uint8Array, day: DailyPhysiology, sex: 'M' | 'F'): number {
  const [a, b] = sex === 'M' ? [0.64, 1.92] : [0.86, 1.67];
  const reserve = day.maxHeartrateBpm - day.restingHeartrateBpm;
  // Heart rate is a whole number of beats: one table lookup per second instead of an exp().
  const perSecond = new Float64Array(256);
  for (let bpm = 0; bpm < 256; bpm += 1) {
    const fraction = Math.max(0, Math.min(1, (bpm - day.restingHeartrateBpm) / reserve));
    perSecond[bpm] = (fraction * a * Math.exp(b * fraction)) / 60;
  }
  let trimp = 0;
  for (let i = 1; i < heartrateBpm.length; i += 1) trimp += perSecond[heartrateBpm[i] ?? 0] ?? 0;
  return trimp;
}

function estimateCalories(plan: ActivityPlan, whole: RangeSummary, kilojoules: number | null): number {
  const weightKg = plan.physiology.weightKg;
  const km = whole.distanceM / 1000;
  switch (plan.sport) {
    // Gross efficiency around 22–25 %: the kilocalories burned are about the kilojoules of work.
    case 'Ride':
      return (kilojoules ?? 0) * 1.1;
    // Running costs about 1 kcal per kg per km on the flat.
    case 'Run':
      return weightKg * km * 1.0 + (weightKg * 9.81 * whole.elevationGainM) / 4184 / 0.25;
    case 'Hike':
      return weightKg * km * 0.8 + (weightKg * 9.81 * whole.elevationGainM) / 4184 / 0.25;
    case 'WeightTraining':
      return (whole.elapsedTimeS / 60) * Math.max(3, 0.09 * (whole.averageHeartrate ?? 90) - 4);
  }
}

/** The fastest stretch covering each standard distance (two pointers over the distance stream). */
function findBestEfforts(streams: SimStreams): BestEffort[] {
  const distanceM = streams.distanceM;
  if (!distanceM) return [];
  const total = distanceM[streams.length - 1] ?? 0;
  const efforts: BestEffort[] = [];
  for (const { name, distanceM: target } of BEST_EFFORT_DISTANCES) {
    if (target > total) break;
    let best: BestEffort | null = null;
    let end = 0;
    for (let start = 0; start < streams.length; start += 1) {
      const startDistance = distanceM[start] ?? 0;
      while (end < streams.length && (distanceM[end] ?? 0) - startDistance < target) end += 1;
      if (end >= streams.length) break;
      const elapsed = end - start;
      if (!best || elapsed < best.elapsedTimeS) best = { name, distanceM: target, startIndex: start, endIndex: end, elapsedTimeS: elapsed, prRank: null };
    }
    if (best) efforts.push(best);
  }
  return efforts;
}

function extent(values: ArrayLike<number>): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] ?? 0;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}

function latlngAt(latlng: Float64Array, index: number): [number, number] {
  return [latlng[2 * index] ?? 0, latlng[2 * index + 1] ?? 0];
}

export function computeActivityStats(streams: SimStreams, plan: ActivityPlan, sex: 'M' | 'F'): ActivityStats {
  const whole = summarizeRange(streams, 0, streams.length - 1, isOnFoot(plan));
  const { powerW, moving, latlng, altitudeM, temperatureC } = streams;
  const np = powerW ? normalizedPower(powerW, moving) : null;
  const kilojoules = whole.averageWatts !== null ? (whole.averageWatts * whole.movingTimeS) / 1000 : null;
  const power = powerW ? extent(powerW) : null;
  const altitude = altitudeM ? extent(altitudeM) : null;
  let temperatureSum = 0;
  if (temperatureC) for (let i = 0; i < temperatureC.length; i += 1) temperatureSum += temperatureC[i] ?? 0;
  return {
    whole,
    weightedAverageWatts: np === null ? null : Math.round(np),
    maxWatts: power?.max ?? null,
    kilojoules: kilojoules === null ? null : Math.round(kilojoules * 10) / 10,
    averageTemperatureC: temperatureC ? Math.round(temperatureSum / streams.length) : null,
    elevationHighM: altitude?.max ?? null,
    elevationLowM: altitude?.min ?? null,
    sufferScore: Math.round(trainingImpulse(streams.heartrateBpm, plan.physiology, sex)),
    calories: Math.round(estimateCalories(plan, whole, kilojoules) * 10) / 10,
    startLatlng: latlng ? latlngAt(latlng, 0) : null,
    endLatlng: latlng ? latlngAt(latlng, streams.length - 1) : null,
    summaryPolyline: latlng ? encodePolyline(latlng, streams.length / SUMMARY_POLYLINE_POINTS) : '',
    bestEfforts: plan.sport === 'Run' ? findBestEfforts(streams) : [],
  };
}

export function detailedPolyline(streams: SimStreams): string {
  return streams.latlng ? encodePolyline(streams.latlng, streams.length / DETAILED_POLYLINE_POINTS) : '';
}

/**
 * Laps as the device recorded them: one per workout step for structured sessions, automatic
 * 1 km laps on easy runs (a watch's default), otherwise one lap for the whole activity.
 */
export function computeLaps(streams: SimStreams, plan: ActivityPlan): RangeSummary[] {
  let starts = streams.lapStartIndices;
  if (starts.length <= 1 && plan.sport === 'Run' && streams.distanceM) starts = distanceMarks(streams.distanceM, 1000);
  const last = streams.length - 1;
  return starts.map((start, index) => summarizeRange(streams, start, starts[index + 1] ?? last, isOnFoot(plan)));
}

/** Indices where the distance first reaches each multiple of `everyM`, starting with 0. */
function distanceMarks(distanceM: Float64Array, everyM: number): number[] {
  const marks = [0];
  let next = everyM;
  for (let i = 1; i < distanceM.length - 1; i += 1) {
    if ((distanceM[i] ?? 0) >= next) {
      marks.push(i);
      next += everyM;
    }
  }
  return marks;
}

/** Per-kilometre (`metric`) or per-mile (`standard`) splits; the last one is the remainder. */
export function computeSplits(streams: SimStreams, plan: ActivityPlan, unit: 'metric' | 'standard'): RangeSummary[] {
  if (!streams.distanceM || !streams.latlng) return [];
  const marks = distanceMarks(streams.distanceM, unit === 'metric' ? 1000 : METRES_PER_MILE);
  const last = streams.length - 1;
  return marks
    .map((start, index) => summarizeRange(streams, start, marks[index + 1] ?? last, isOnFoot(plan)))
    .filter((split) => split.elapsedTimeS > 0);
}

/**
 * Strava's running pace zones (1 active recovery … 6 anaerobic) relative to threshold pace;
 * 0 where pace zones do not apply.
 */
export function paceZone(speedMps: number, day: DailyPhysiology, sport: ActivityPlan['sport']): number {
  if (sport !== 'Run') return 0;
  const fraction = speedMps / day.thresholdSpeedMps;
  const upperBounds = [0.78, 0.88, 0.94, 1.01, 1.05];
  const zone = upperBounds.findIndex((bound) => fraction < bound);
  return zone === -1 ? 6 : zone + 1;
}
