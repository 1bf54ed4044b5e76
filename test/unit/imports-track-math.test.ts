import { describe, expect, it } from 'vitest';
import {
  cumulativeDistanceM,
  dropBackwardDistances,
  haversineDistanceM,
  staysWithinRadius,
} from '../../src/server/features/imports/track-math.ts';

describe('haversineDistanceM', () => {
  it('measures one degree of latitude as 111.2 km and one of longitude at 60° as half that', () => {
    expect(haversineDistanceM([45, 14], [46, 14])).toBeCloseTo(111_195, 0);
    expect(haversineDistanceM([60, 0], [60, 1]) / haversineDistanceM([0, 0], [0, 1])).toBeCloseTo(0.5, 3);
  });
});

describe('cumulativeDistanceM', () => {
  it('bridges a position dropout with the straight line', () => {
    expect(cumulativeDistanceM([[0, 0], null, [0.001, 0]]).map((value) => value && Math.round(value))).toEqual([0, null, 111]);
  });
});

describe('dropBackwardDistances', () => {
  it('nulls readings that step back below an earlier one', () => {
    expect(dropBackwardDistances([0, 5, null, 10, 0, 12])).toEqual([0, 5, null, 10, null, 12]);
  });
});

describe('staysWithinRadius', () => {
  it('tells a stamped location from a track', () => {
    expect(staysWithinRadius([[40.7, -74], [40.7, -74], null], 25)).toBe(true);
    expect(staysWithinRadius([[40.7, -74], [40.701, -74]], 25)).toBe(false);
  });
});
