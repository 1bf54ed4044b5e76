import { describe, expect, it } from 'vitest';
import { hasProAccess, trialDaysLeft } from '../../src/shared/domain/account-plan.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('trialDaysLeft', () => {
  it.each([
    ['2026-03-24T12:00:00Z', 14],
    ['2026-03-10T12:00:01Z', 1],
    ['2026-03-11T11:00:00Z', 1],
    ['2026-03-11T13:00:00Z', 2],
    ['2026-03-10T12:00:00Z', 0],
    ['2026-03-01T00:00:00Z', 0],
  ])('expiry %s -> %i days (rounded up, never below 0)', (expiry, days) => {
    expect(trialDaysLeft('Trial14', expiry, now)).toBe(days);
  });

  it('is null for plans that are not trials or have no expiry', () => {
    expect(trialDaysLeft('Pro', '2026-03-24T12:00:00Z', now)).toBeNull();
    expect(trialDaysLeft('Free', '2026-03-24T12:00:00Z', now)).toBeNull();
    expect(trialDaysLeft('Trial30', null, now)).toBeNull();
  });
});

describe('hasProAccess', () => {
  it('grants Pro and running trials, not Free or expired trials', () => {
    expect(hasProAccess('Pro', null, now)).toBe(true);
    expect(hasProAccess('Trial30', '2026-03-11T00:00:00Z', now)).toBe(true);
    expect(hasProAccess('Trial14', '2026-03-09T00:00:00Z', now)).toBe(false);
    expect(hasProAccess('Free', '2026-04-01T00:00:00Z', now)).toBe(false);
  });
});
