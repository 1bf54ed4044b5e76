import { describe, expect, it } from 'vitest';
import { combinePowerDurationCurves, estimateFtpFromPowerDurationCurve } from '../../src/metrics/critical-power.ts';
import { estimateMaxHeartrate } from '../../src/metrics/max-heart-rate.ts';
import { estimateThresholdSpeedFromEffortsMps } from '../../src/metrics/threshold-pace.ts';

/**
 * The threshold estimators give the same figure and the same evidence (the activity it was read
 * from, the one set aside) whatever order the activities come in (ADR 0065): equal peaks are
 * ordered newest first, then by source key and id.
 */

const day = (n: number) => new Date(Date.UTC(2026, 3, n, 7));
const peak = (activityId: string, sourceKey: string, startDate: Date, maxHeartrateBpm: number) => ({ activityId, sourceKey, startDate, maxHeartrateBpm });

/** Every order of `items` (Heap's algorithm), for lists of a few. */
function permutations<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  const work = [...items];
  const generate = (n: number) => {
    if (n <= 1) {
      result.push([...work]);
      return;
    }
    for (let i = 0; i < n; i++) {
      generate(n - 1);
      const j = n % 2 === 0 ? i : 0;
      [work[j], work[n - 1]] = [work[n - 1]!, work[j]!];
    }
  };
  generate(work.length);
  return result;
}

describe('max heart rate estimate in any order', () => {
  const peaks = [
    peak('a', 'hash-a', day(1), 188),
    peak('b', 'hash-b', day(3), 188),
    peak('c', 'hash-c', day(3), 188),
    peak('d', 'hash-d', day(2), 181),
  ];

  it('reads the same figure and evidence from every order of the same activities', () => {
    const expected = estimateMaxHeartrate(peaks);
    // Equal peaks confirm each other (ADR 0060): the newest counts, of two as new the first by source key, and the other confirms it.
    expect(expected).toEqual({ maxHeartrateBpm: 188, counted: peaks[1], setAside: null, confirmedBy: peaks[2] });
    for (const order of permutations(peaks)) expect(estimateMaxHeartrate(order)).toEqual(expected);
  });

  it('orders equal peaks of the same start and source key by id', () => {
    const twins = [peak('y', 'same', day(5), 190), peak('x', 'same', day(5), 190)];
    for (const order of [twins, [...twins].reverse()]) {
      const estimate = estimateMaxHeartrate(order);
      expect([estimate?.counted.activityId, estimate?.confirmedBy?.activityId, estimate?.setAside]).toEqual(['x', 'y', null]);
    }
  });
});

describe('FTP and threshold pace estimates in any order', () => {
  it('combines power curves to the same best curve and FTP', () => {
    const curve = (watts: number) => ({ durationsS: Array.from({ length: 1200 }, (_, k) => k + 1), watts: Array.from({ length: 1200 }, (_, k) => watts + 600 / (k + 1)) });
    const curves = [curve(240), curve(255), curve(230)];
    const expected = estimateFtpFromPowerDurationCurve(combinePowerDurationCurves(curves));
    for (const order of permutations(curves)) expect(estimateFtpFromPowerDurationCurve(combinePowerDurationCurves(order))).toBe(expected);
  });

  it('reads the same threshold speed from efforts in any order', () => {
    const efforts = [
      { distanceM: 5000, elapsedS: 1200 },
      { distanceM: 10_000, elapsedS: 2500 },
      { distanceM: 3000, elapsedS: 700 },
    ];
    const expected = estimateThresholdSpeedFromEffortsMps(efforts);
    for (const order of permutations(efforts)) expect(estimateThresholdSpeedFromEffortsMps(order)).toBe(expected);
  });
});
