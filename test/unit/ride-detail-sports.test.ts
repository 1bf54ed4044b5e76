import { describe, expect, it } from 'vitest';
import { rideDetailTypes, rideDetailTypesFor } from '../../src/shared/domain/ride-detail.ts';

describe('ride details per sport (issue 14)', () => {
  it('offers all seven on a ride and only the sport-neutral ones elsewhere', () => {
    expect(rideDetailTypesFor(true)).toEqual([...rideDetailTypes]);
    expect(rideDetailTypesFor(false)).toEqual(['time-crunch', 'structured-workout', 'custom-note']);
  });
});
