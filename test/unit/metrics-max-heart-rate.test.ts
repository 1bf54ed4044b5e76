import { describe, expect, it } from 'vitest';
import { estimateMaxHeartrate } from '../../src/metrics/max-heart-rate.ts';

const peak = (id: string, maxHeartrateBpm: number) => ({ id, maxHeartrateBpm });

describe('max heart rate estimate (ADR 0060)', () => {
  it('is absent, never 0, without a heart rate', () => {
    expect(estimateMaxHeartrate([])).toBeNull();
    // Outside the sample cleaning's 25-250 bpm these are not heart rates.
    expect(estimateMaxHeartrate([peak('zero', 0), peak('low', 24), peak('high', 251), peak('nan', Number.NaN)])).toBeNull();
  });

  it("takes the only activity's peak, with nothing set aside", () => {
    expect(estimateMaxHeartrate([peak('a', 187.6)])).toEqual({ maxHeartrateBpm: 188, counted: peak('a', 187.6), setAside: null });
  });

  it('takes the second-highest peak, setting a single higher one aside as a possible spike', () => {
    const estimate = estimateMaxHeartrate([peak('a', 181), peak('spike', 231), peak('b', 186), peak('c', 179)]);
    expect(estimate).toEqual({ maxHeartrateBpm: 186, counted: peak('b', 186), setAside: peak('spike', 231) });
  });

  it('counts a peak two activities reached', () => {
    expect(estimateMaxHeartrate([peak('a', 190), peak('b', 190), peak('c', 170)])?.maxHeartrateBpm).toBe(190);
  });

  it('ignores peaks outside the cleaning limits before ranking, at the limits themselves included', () => {
    expect(estimateMaxHeartrate([peak('over', 255), peak('a', 250), peak('b', 25)])).toEqual({ maxHeartrateBpm: 25, counted: peak('b', 25), setAside: peak('a', 250) });
    expect(estimateMaxHeartrate([peak('over', 255), peak('a', 183)])).toEqual({ maxHeartrateBpm: 183, counted: peak('a', 183), setAside: null });
  });
});
