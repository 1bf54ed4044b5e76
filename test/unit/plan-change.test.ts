import { describe, expect, it } from 'vitest';
import { planChange } from '../../src/shared/domain/account-plan.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('planChange', () => {
  it('starts a full trial from now and remembers the plan before', () => {
    expect(planChange('Free', 'Trial30', now)).toEqual({
      plan: 'Trial30',
      trialExpiryDate: new Date('2026-04-09T12:00:00Z'),
      previousPlan: 'Free',
    });
    expect(planChange('Trial14', 'Trial14', now)).toEqual({
      plan: 'Trial14',
      trialExpiryDate: new Date('2026-03-24T12:00:00Z'),
    });
  });

  it('clears the trial expiry for plans that are not trials', () => {
    expect(planChange('Trial14', 'Pro', now)).toEqual({ plan: 'Pro', trialExpiryDate: null, previousPlan: 'Trial14' });
  });

  it.each(['Pro', 'Trial14', 'Trial30'] as const)('records a downgrade from %s to Free', (from) => {
    expect(planChange(from, 'Free', now)).toEqual({
      plan: 'Free',
      trialExpiryDate: null,
      previousPlan: from,
      downgradedAt: now,
    });
  });

  it('does not call staying on Free a downgrade', () => {
    expect(planChange('Free', 'Free', now)).toEqual({ plan: 'Free', trialExpiryDate: null });
  });
});
