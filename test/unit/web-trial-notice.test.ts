import { describe, expect, it } from 'vitest';
import { formatDaysLeft, trialNoticeFor } from '../../src/web/features/billing/trial-notice-text.ts';

const now = new Date('2026-03-01T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('formatDaysLeft', () => {
  it.each([
    [1, '1 day'],
    [0, '0 days'],
    [2, '2 days'],
    [14, '14 days'],
  ])('%i -> %s', (days, label) => {
    expect(formatDaysLeft(days)).toBe(label);
  });
});

describe('trialNoticeFor (sidebar upgrade notice)', () => {
  it('counts a trial down in whole days, rounded up', () => {
    expect(trialNoticeFor('Trial14', inHours(13 * 24 + 1), now)).toEqual({ kind: 'trial', daysLeft: 14, daysLeftLabel: '14 days' });
    expect(trialNoticeFor('Trial30', inHours(1), now)).toEqual({ kind: 'trial', daysLeft: 1, daysLeftLabel: '1 day' });
  });

  it('never counts below zero once the trial has ended', () => {
    expect(trialNoticeFor('Trial14', inHours(-48), now)).toEqual({ kind: 'trial', daysLeft: 0, daysLeftLabel: '0 days' });
  });

  it('shows for Free accounts', () => {
    expect(trialNoticeFor('Free', null, now)).toEqual({ kind: 'free' });
  });

  it('does not show for Pro, or for a trial without an expiry date', () => {
    expect(trialNoticeFor('Pro', null, now)).toBeNull();
    expect(trialNoticeFor('Trial14', null, now)).toBeNull();
  });
});
