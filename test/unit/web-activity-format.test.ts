import { describe, expect, it } from 'vitest';
import { METRES_PER_MILE } from '../../src/shared/format.ts';
import { averagePace } from '../../src/web/lib/format/pace.ts';
import { formatRelativeDate } from '../../src/web/lib/format/relative-date.ts';

describe('averagePace (spec §9: M:SS per km or per mile)', () => {
  it('divides moving time by distance', () => {
    expect(averagePace(1500, 5000, 'metric')).toEqual({ value: '5:00', unit: '/km' });
    expect(averagePace(3338, 11_000, 'metric')).toEqual({ value: '5:03', unit: '/km' });
  });

  it('carries 60 rounded seconds into the next minute', () => {
    // 299.7 s/km rounds to 300 s: '5:00', not '4:60'.
    expect(averagePace(2997, 10_000, 'metric')).toEqual({ value: '5:00', unit: '/km' });
  });

  it('gives minutes per mile for imperial', () => {
    expect(averagePace(1800, METRES_PER_MILE * 4, 'imperial')).toEqual({ value: '7:30', unit: '/mi' });
    expect(averagePace(300, 1000, 'imperial')).toEqual({ value: '8:03', unit: '/mi' });
  });

  it('has no pace without distance or time', () => {
    expect(averagePace(1800, 0, 'metric')).toBeNull();
    expect(averagePace(0, 5000, 'metric')).toBeNull();
  });
});

describe('formatRelativeDate (spec §2: Today, Yesterday, N days ago up to 7, else a date)', () => {
  // Local wall-clock times, so the test means the same in every time zone.
  const now = new Date(2026, 2, 10, 9, 30);
  const daysBefore = (days: number, hour = 12) => new Date(2026, 2, 10 - days, hour, 0);

  it('counts calendar days, not 24-hour spans', () => {
    expect(formatRelativeDate(new Date(2026, 2, 10, 0, 5), now)).toBe('Today');
    expect(formatRelativeDate(new Date(2026, 2, 9, 23, 55), now)).toBe('Yesterday');
    expect(formatRelativeDate(daysBefore(1, 6), now)).toBe('Yesterday');
  });

  it.each([2, 3, 7])('%i days back reads "%i days ago"', (days) => {
    expect(formatRelativeDate(daysBefore(days), now)).toBe(`${days} days ago`);
  });

  it('shows the local date from 8 days back, with the year only when it is not this one', () => {
    expect(formatRelativeDate(daysBefore(8), now, 'en-US')).toBe('Mon, Mar 2');
    expect(formatRelativeDate(new Date(2025, 11, 24, 18), now, 'en-GB')).toBe('Wed, 24 Dec 2025');
  });

  it('reads ISO strings, and calls a start in the future today', () => {
    expect(formatRelativeDate(daysBefore(2).toISOString(), now)).toBe('2 days ago');
    expect(formatRelativeDate(new Date(2026, 2, 11, 8), now)).toBe('Today');
  });

  it('crosses a daylight-saving change without losing a day', () => {
    // Europe and the US change clocks in March; a 23-hour day must still count as one.
    const afterChange = new Date(2026, 3, 2, 8);
    expect(formatRelativeDate(new Date(2026, 2, 26, 20), afterChange)).toBe('7 days ago');
  });
});
