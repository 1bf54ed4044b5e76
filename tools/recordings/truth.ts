import type { ExpectedSport, GroundSecond, LapSpan, RecordingTruth, TruthLap } from './model.ts';

/** What the file records, which decides which truth figures are null. */
export interface RecordedFacts {
  sport: ExpectedSport;
  start: Date;
  distance: boolean;
  power: boolean;
  heartRate: boolean;
  cadence: boolean;
  altitude: boolean;
  deviceTotalAscentM?: number | null;
  laps: LapSpan[];
  sampleCount: number;
  notes: string[];
  /** Seconds the file has no heart rate for (a strap dropout): left out of the heart-rate figures. */
  heartRateUnrecorded?: (t: number) => boolean;
  /** Overrides the moving time (a pool swim: its active lengths' time). */
  movingTimeS?: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length);
const maxOf = (values: number[]) => (values.length === 0 ? null : values.reduce((m, v) => Math.max(m, v), -Infinity));

/** Normalized power: 30 s rolling mean, mean of 4th powers, 4th root (seconds in order). */
export function normalizedPower(powers: number[]): number | null {
  if (powers.length < 30) return null;
  let windowSum = 0;
  let fourth = 0;
  let count = 0;
  powers.forEach((power, i) => {
    windowSum += power;
    if (i >= 30) windowSum -= powers[i - 30]!;
    if (i >= 29) {
      fourth += (windowSum / 30) ** 4;
      count++;
    }
  });
  return (fourth / count) ** 0.25;
}

/** The true climbing of the noise-free terrain: every rise from one second to the next. */
export function trueClimbM(seconds: GroundSecond[]): number | null {
  let gain = 0;
  for (let i = 1; i < seconds.length; i++) {
    const before = seconds[i - 1]!.altitudeM;
    const now = seconds[i]!.altitudeM;
    if (before === null || now === null) return null;
    if (now > before) gain += now - before;
  }
  return gain;
}

/** Laps as the truth states them, from the spans the file records. */
export function truthLaps(laps: LapSpan[], distance: boolean): TruthLap[] {
  return laps.map((lap) => ({ startS: lap.startS, elapsedS: lap.endS - lap.startS, distanceM: distance ? round1(lap.distanceM) : null }));
}

/** The truth of a recording from its ground truth (see TRUTH_CONVENTIONS). */
export function computeTruth(seconds: GroundSecond[], facts: RecordedFacts): RecordingTruth {
  const first = seconds[0]!;
  const last = seconds.at(-1)!;
  const moving = seconds.filter((second) => second.moving);
  const powers = moving.map((second) => second.powerW);
  // Average power over the seconds the timer ran (ADR 0065's convention, TrainingPeaks' and GoldenCheetah's).
  const timed = seconds.slice(1).filter((second) => second.timerRunning);
  const heartRates = moving.filter((second) => !facts.heartRateUnrecorded?.(second.t)).map((second) => second.heartRateBpm);
  const averagePower = facts.power ? mean(timed.map((second) => second.powerW)) : null;
  // NP on the same seconds as the average (the timer's; ADR 0019's "recorded seconds joined across pauses").
  const normalized = facts.power ? normalizedPower(timed.map((second) => second.powerW)) : null;
  const averageHr = facts.heartRate ? mean(heartRates) : null;
  const cadence = facts.cadence ? mean(moving.map((second) => second.cadence).filter((c) => c > 0)) : null;
  const gain = facts.altitude ? trueClimbM(seconds) : null;
  return {
    sport: facts.sport,
    startDate: new Date(facts.start.getTime() + first.t * 1000).toISOString(),
    elapsedTimeS: last.t - first.t,
    movingTimeS: facts.movingTimeS ?? moving.length,
    distanceM: facts.distance ? round1(last.distanceM - first.distanceM) : null,
    averagePowerW: averagePower === null ? null : round1(averagePower),
    maxPowerW: facts.power ? maxOf(powers) : null,
    normalizedPowerW: normalized === null ? null : round1(normalized),
    averageHeartrateBpm: averageHr === null ? null : round1(averageHr),
    maxHeartrateBpm: facts.heartRate ? maxOf(heartRates) : null,
    averageCadence: cadence === null ? null : round1(cadence),
    elevationGainM: gain === null ? null : round1(gain),
    deviceTotalAscentM: facts.deviceTotalAscentM ?? null,
    laps: truthLaps(facts.laps, facts.distance),
    sampleCount: facts.sampleCount,
    notes: facts.notes,
  };
}

/** Laps at the blocks that start one (the first block always does), over the whole ground truth. */
export function lapSpans(seconds: GroundSecond[], lapStarts: ReadonlySet<number>): LapSpan[] {
  const boundaries = [0];
  for (let i = 1; i < seconds.length; i++) {
    const block = seconds[i]!.block;
    if (block !== seconds[i - 1]!.block && lapStarts.has(block)) boundaries.push(i - 1);
  }
  boundaries.push(seconds.length - 1);
  return boundaries.slice(0, -1).map((startS, k) => {
    const endS = boundaries[k + 1]!;
    const timerS = seconds.slice(startS + 1, endS + 1).filter((second) => second.timerRunning).length;
    return { startS, endS, timerS, distanceM: seconds[endS]!.distanceM - seconds[startS]!.distanceM };
  });
}
