import type { ActivityInterval, ActivityIntervals } from '../../../../shared/api/activity-intervals.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import type { FactOrigin, Provenanced } from '../../../ai/provenance.ts';
import { bpm, duration, pace, percent, percentRange, quantity, speed, watts, type Quantity } from '../format.ts';

/**
 * The work of an interval session as Kai reads it (GET /api/activities/:id/intervals, from the
 * laps or detected in the streams): each work interval, and the set they make, e.g. 4 × 8 min at
 * 97–101% FTP with heart rate 6 bpm higher in the last than in the first.
 */
export interface IntervalFacts extends Provenanced {
  /** What told work from rest. */
  foundBy: 'your laps' | 'power' | 'pace' | 'heart rate';
  work: WorkIntervalFacts[];
  set: IntervalSetFacts;
}

export interface WorkIntervalFacts {
  duration: Quantity;
  averagePower: Quantity | null;
  normalizedPower: Quantity | null;
  /** Average power in % of the FTP the ride was scored against. */
  ftpShare: Quantity | null;
  averageHeartrate: Quantity | null;
  /** A run's pace, another sport's speed; null on a trainer without distance. */
  pace: Quantity | null;
  speed: Quantity | null;
}

export interface IntervalSetFacts {
  repeats: Quantity;
  /** The typical work duration: the median, as a duration reads. */
  duration: Quantity;
  ftpShareRange: Quantity | null;
  powerRange: Quantity | null;
  /** Average heart rate of the last work interval minus the first's, in whole bpm. */
  heartRateDrift: Quantity | null;
}

const FOUND_BY: Record<NonNullable<ActivityIntervals['intervals']>['signal'], IntervalFacts['foundBy']> = {
  power: 'power',
  speed: 'pace',
  'heart-rate': 'heart rate',
};

/** The facts of the work intervals; null when the activity has none. */
export function intervalFacts(
  intervals: ActivityIntervals | null,
  context: { provenance: FactOrigin[]; units: UnitSystem; run: boolean },
): IntervalFacts | null {
  const work = intervals?.intervals?.items.filter((interval) => interval.kind === 'work') ?? [];
  if (!intervals?.intervals || work.length === 0) return null;
  const { units, run } = context;
  return {
    provenance: context.provenance,
    foundBy: intervals.intervals.from === 'laps' ? 'your laps' : FOUND_BY[intervals.intervals.signal],
    work: work.map((interval) => ({
      duration: duration(interval.durationS),
      averagePower: formatted(interval.averagePowerW, watts),
      normalizedPower: formatted(interval.normalizedPowerW, watts),
      ftpShare: formatted(interval.ftpPct, (value) => percent(value)),
      averageHeartrate: formatted(interval.averageHeartrateBpm, bpm),
      pace: run ? formatted(positive(interval.averageSpeedMps), (mps) => pace(1000 / mps, units)) : null,
      speed: run ? null : formatted(positive(interval.averageSpeedMps), (mps) => speed(mps, units)),
    })),
    set: setFacts(work),
  };
}

function setFacts(work: ActivityInterval[]): IntervalSetFacts {
  const durations = work.map((interval) => interval.durationS).sort((a, b) => a - b);
  const medianS = durations[Math.floor((durations.length - 1) / 2)]!;
  const first = work[0]!.averageHeartrateBpm;
  const last = work.at(-1)!.averageHeartrateBpm;
  const drift = work.length > 1 && first !== null && last !== null ? Math.round(last) - Math.round(first) : null;
  return {
    repeats: quantity(work.length, String(work.length)),
    duration: duration(medianS),
    ftpShareRange: range(work.map((interval) => interval.ftpPct), (low, high) => percentRange(low, high)),
    powerRange: range(work.map((interval) => interval.averagePowerW), (low, high) => quantity((low + high) / 2, low === high ? `${low} W` : `${low}–${high} W`)),
    heartRateDrift: drift === null ? null : quantity(drift, `${Math.abs(drift)} bpm`),
  };
}

/** The rounded lowest and highest of values that are all known; null when one is not. */
function range(values: (number | null)[], make: (low: number, high: number) => Quantity): Quantity | null {
  if (values.some((value) => value === null)) return null;
  const rounded = (values as number[]).map((value) => Math.round(value));
  return make(Math.min(...rounded), Math.max(...rounded));
}

function formatted<T>(value: T | null, format: (value: T) => Quantity): Quantity | null {
  return value === null ? null : format(value);
}

function positive(value: number | null): number | null {
  return value !== null && value > 0 ? value : null;
}
