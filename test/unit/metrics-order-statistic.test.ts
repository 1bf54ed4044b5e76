import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectKthSmallest } from '../../src/metrics/order-statistic.ts';

/** The reference: sort a copy, read index k. */
const sortedAt = (values: readonly number[], k: number) => Float64Array.from(values).sort()[k]!;

describe('selectKthSmallest', () => {
  it('finds what sorting finds, at every index, on random, sorted, reversed and duplicate-heavy values', () => {
    const values = fc.oneof(
      fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 300 }),
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 300 }),
      fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }).map((list) => list.sort((a, b) => a - b)),
      fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }).map((list) => list.sort((a, b) => b - a)),
    );
    fc.assert(
      fc.property(values, fc.nat(), (list, seed) => {
        const k = seed % list.length;
        // + 0: a sort puts −0 before 0, which selection takes as equal.
        expect(selectKthSmallest([...list], k) + 0).toBe(sortedAt(list, k) + 0);
      }),
      { numRuns: 500 },
    );
  });

  it('takes a recording’s 1 s intervals with a few gaps: the median is 1 s', () => {
    const intervals = Array.from({ length: 36_000 }, (_, i) => (i % 997 === 0 ? 300 : 1));
    expect(selectKthSmallest(intervals, 18_000)).toBe(1);
  });

  it('refuses an index outside the values', () => {
    expect(() => selectKthSmallest([0, 0, 0], 3)).toThrow(RangeError);
    expect(() => selectKthSmallest([], 0)).toThrow(RangeError);
    expect(() => selectKthSmallest([0, 0, 0], 1.5)).toThrow(RangeError);
  });
});
