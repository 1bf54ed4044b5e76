import { describe, expect, it } from 'vitest';
import { estimateMaxHeartrate, estimateMaxHeartrateOfGroups } from '../../src/metrics/max-heart-rate.ts';

const peak = (id: string, maxHeartrateBpm: number) => ({ id, maxHeartrateBpm });

describe('max heart rate estimate (ADR 0060)', () => {
  it('is absent, never 0, without a heart rate', () => {
    expect(estimateMaxHeartrate([])).toBeNull();
    // Outside the sample cleaning's 25-250 bpm these are not heart rates.
    expect(estimateMaxHeartrate([peak('zero', 0), peak('low', 24), peak('high', 251), peak('nan', Number.NaN)])).toBeNull();
  });

  it("takes the only activity's peak, with nothing set aside", () => {
    expect(estimateMaxHeartrate([peak('a', 187.6)])).toEqual({ maxHeartrateBpm: 188, counted: peak('a', 187.6), setAside: null, confirmedBy: null });
  });

  it('takes the second-highest peak, setting a single higher one aside as a possible spike', () => {
    const estimate = estimateMaxHeartrate([peak('a', 181), peak('spike', 231), peak('b', 186), peak('c', 179)]);
    expect(estimate).toEqual({ maxHeartrateBpm: 186, counted: peak('b', 186), setAside: peak('spike', 231), confirmedBy: null });
  });

  it('counts a peak two activities reached, confirmed by the second and with nothing set aside', () => {
    const dated = (id: string, bpm: number, day: string) => ({ ...peak(id, bpm), startDate: new Date(`${day}T08:00:00Z`) });
    expect(estimateMaxHeartrate([dated('older', 190, '2026-10-01'), dated('newer', 190, '2026-11-01'), peak('c', 170)])).toEqual({
      maxHeartrateBpm: 190,
      counted: dated('newer', 190, '2026-11-01'),
      setAside: null,
      confirmedBy: dated('older', 190, '2026-10-01'),
    });
  });

  it('never sets aside a peak that shows as the same whole number (issue 26: "the one higher peak, 187 bpm" beside 187)', () => {
    const estimate = estimateMaxHeartrate([peak('a', 187.4), peak('b', 186.6)]);
    expect(estimate).toMatchObject({ maxHeartrateBpm: 187, setAside: null, confirmedBy: peak('b', 186.6) });
    expect(estimateMaxHeartrate([peak('a', 187.6), peak('b', 187.4)])).toMatchObject({ maxHeartrateBpm: 187, setAside: peak('a', 187.6) });
  });

  it('ignores peaks outside the cleaning limits before ranking, at the limits themselves included', () => {
    expect(estimateMaxHeartrate([peak('over', 255), peak('a', 250), peak('b', 25)])).toEqual({ maxHeartrateBpm: 25, counted: peak('b', 25), setAside: peak('a', 250), confirmedBy: null });
    expect(estimateMaxHeartrate([peak('over', 255), peak('a', 183)])).toEqual({ maxHeartrateBpm: 183, counted: peak('a', 183), setAside: null, confirmedBy: null });
  });

  describe('every sport together, by the same rule per group', () => {
    it("never counts a ride the rides' estimate set aside (issue 26)", () => {
      const rides = [peak('ride-spike', 195), peak('ride', 187)];
      const runs = [peak('run-spike', 196), peak('run', 190)];
      // Pooled, the second-highest would be the ride set aside by the rides' own estimate.
      expect(estimateMaxHeartrate([...rides, ...runs])?.counted.id).toBe('ride-spike');
      expect(estimateMaxHeartrateOfGroups([rides, runs])).toEqual({ maxHeartrateBpm: 190, counted: peak('run', 190), setAside: peak('run-spike', 196), confirmedBy: null });
    });

    it("takes a group's counted peak even when another group counts less, and sets aside only a higher peak", () => {
      const rides = [peak('ride-spike', 230), peak('ride', 185)];
      const others = [peak('swim', 176)];
      expect(estimateMaxHeartrateOfGroups([rides, [], others])).toEqual({ maxHeartrateBpm: 185, counted: peak('ride', 185), setAside: peak('ride-spike', 230), confirmedBy: null });
      expect(estimateMaxHeartrateOfGroups([[peak('ride', 181)], [peak('run-a', 188), peak('run-b', 188)]])).toMatchObject({ maxHeartrateBpm: 188, setAside: null });
    });

    it('is absent, never 0, when no group has a heart rate', () => {
      expect(estimateMaxHeartrateOfGroups([[], [peak('zero', 0)]])).toBeNull();
    });
  });
});
