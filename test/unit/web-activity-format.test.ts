import { describe, expect, it } from 'vitest';
import { formatDistance, METRES_PER_MILE } from '../../src/web/features/activities/format/distance.ts';
import { formatDuration } from '../../src/web/features/activities/format/duration.ts';
import { formatElevation } from '../../src/web/features/activities/format/elevation.ts';
import { measureText } from '../../src/web/features/activities/format/measure.ts';
import { formatPace } from '../../src/web/features/activities/format/pace.ts';
import { formatRelativeDate } from '../../src/web/features/activities/format/relative-date.ts';

describe('formatDistance (spec §9: 1 decimal, km or mi)', () => {
  it.each([
    [0, '0.0'],
    [12_345, '12.3'],
    [42_195, '42.2'],
    [99_960, '100.0'],
  ])('%d m -> %s km', (metres, km) => {
    expect(formatDistance(metres, 'metric')).toEqual({ value: km, unit: 'km' });
  });

  it('uses 1 mi = 1609.34 m for imperial', () => {
    expect(formatDistance(METRES_PER_MILE, 'imperial')).toEqual({ value: '1.0', unit: 'mi' });
    expect(formatDistance(42_195, 'imperial')).toEqual({ value: '26.2', unit: 'mi' });
    expect(formatDistance(95_000, 'imperial')).toEqual({ value: '59.0', unit: 'mi' });
  });

  it('never shows a negative distance', () => {
    expect(formatDistance(-5, 'metric').value).toBe('0.0');
  });
});

describe('formatElevation (spec §9: rounded, m or ft x3.28084)', () => {
  it('rounds metres', () => {
    expect(formatElevation(381.4, 'metric')).toEqual({ value: '381', unit: 'm' });
    expect(formatElevation(381.5, 'metric')).toEqual({ value: '382', unit: 'm' });
  });

  it('converts to feet before rounding', () => {
    expect(formatElevation(381, 'imperial')).toEqual({ value: '1250', unit: 'ft' });
    expect(formatElevation(1, 'imperial')).toEqual({ value: '3', unit: 'ft' });
    expect(formatElevation(0, 'imperial')).toEqual({ value: '0', unit: 'ft' });
  });
});

describe('formatDuration (spec §9: H:MM:00 from an hour, else M:SS)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [1805, '30:05'],
    [3599, '59:59'],
    [3599.6, '1:00:00'],
    [3600, '1:00:00'],
    [3725, '1:02:00'],
    [3 * 3600 + 11 * 60 + 59, '3:11:00'],
    [26 * 3600 + 5 * 60, '26:05:00'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatPace (spec §9: M:SS per km or per mile)', () => {
  it('divides moving time by distance', () => {
    expect(formatPace(1500, 5000, 'metric')).toEqual({ value: '5:00', unit: '/km' });
    expect(formatPace(3338, 11_000, 'metric')).toEqual({ value: '5:03', unit: '/km' });
  });

  it('carries 60 rounded seconds into the next minute', () => {
    // 299.7 s/km rounds to 300 s: '5:00', not '4:60'.
    expect(formatPace(2997, 10_000, 'metric')).toEqual({ value: '5:00', unit: '/km' });
  });

  it('gives minutes per mile for imperial', () => {
    expect(formatPace(1800, METRES_PER_MILE * 4, 'imperial')).toEqual({ value: '7:30', unit: '/mi' });
    expect(formatPace(300, 1000, 'imperial')).toEqual({ value: '8:03', unit: '/mi' });
  });

  it('has no pace without distance or time', () => {
    expect(formatPace(1800, 0, 'metric')).toBeNull();
    expect(formatPace(0, 5000, 'metric')).toBeNull();
  });
});

describe('measureText', () => {
  it('joins value and unit', () => {
    expect(measureText({ value: '12.3', unit: 'km' })).toBe('12.3 km');
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
    expect(formatRelativeDate(daysBefore(8), now, 'en-US')).toBe('Mar 2');
    expect(formatRelativeDate(new Date(2025, 11, 24, 18), now, 'en-GB')).toBe('24 Dec 2025');
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
