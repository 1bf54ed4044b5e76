import { describe, expect, it } from 'vitest';
import { goalInputProblem } from '../../src/server/features/plans/goal-inputs.ts';
import {
  formatCalendarDay,
  formatClock,
  formatDate,
  formatDay,
  formatDateTime,
  formatDistance,
  formatDurationWords,
  formatElevation,
  formatLimit,
  formatNumber,
  formatWeight,
  weightInUnits,
  weightKgFrom,
  formatPace,
  formatShortCalendarDay,
  formatSpeed,
  measureText,
  METRES_PER_MILE,
} from '../../src/shared/format.ts';

describe('formatClock: a stopwatch reading, H:MM:SS from an hour, else M:SS', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [1805, '30:05'],
    [3599, '59:59'],
    [3599.6, '1:00:00'],
    [3600, '1:00:00'],
    // Issue 14 item 4: a 1:10:41 ride read '1:10:00' in the list and the grid.
    [3600 + 10 * 60 + 41, '1:10:41'],
    [3 * 3600 + 11 * 60 + 59, '3:11:59'],
    [26 * 3600 + 5 * 60, '26:05:00'],
    [-4, '0:00'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

describe('formatDurationWords: durations in prose', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [48 * 60 + 20, '48 min'],
    [3600 + 10 * 60 + 41, '1 h 11 min'],
    [2 * 3600 + 10, '2 h'],
    [3 * 3600 + 44 * 60, '3 h 44 min'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatDurationWords(seconds)).toBe(text);
  });

  it('says the same minutes as the clock reading, rounded', () => {
    expect(formatClock(4241)).toBe('1:10:41');
    expect(formatDurationWords(4241)).toBe('1 h 11 min');
  });
});

describe('formatNumber: thousands grouped the same way everywhere', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1500, 0, '1,500'],
    [4292, 0, '4,292'],
    [1234567.891, 1, '1,234,567.9'],
    [-0.2, 0, '0'],
    [-12.4, 0, '-12'],
  ])('%d (%d decimals) -> %s', (value, decimals, text) => {
    expect(formatNumber(value, decimals)).toBe(text);
  });
});

describe('units: metric or imperial (spec §9)', () => {
  it('gives distances with one decimal in km or mi (1 mi = 1609.34 m)', () => {
    expect(formatDistance(12_345, 'metric')).toEqual({ value: '12.3', unit: 'km' });
    expect(formatDistance(99_960, 'metric')).toEqual({ value: '100.0', unit: 'km' });
    expect(formatDistance(1_234_000, 'metric')).toEqual({ value: '1,234.0', unit: 'km' });
    expect(formatDistance(METRES_PER_MILE, 'imperial')).toEqual({ value: '1.0', unit: 'mi' });
    expect(formatDistance(42_195, 'imperial')).toEqual({ value: '26.2', unit: 'mi' });
    expect(formatDistance(-5, 'metric').value).toBe('0.0');
  });

  it('gives elevation in whole metres or feet, converted before rounding, with thousands grouped', () => {
    expect(formatElevation(381.5, 'metric')).toEqual({ value: '382', unit: 'm' });
    expect(formatElevation(4292, 'metric')).toEqual({ value: '4,292', unit: 'm' });
    expect(formatElevation(381, 'imperial')).toEqual({ value: '1,250', unit: 'ft' });
    expect(formatElevation(1, 'imperial')).toEqual({ value: '3', unit: 'ft' });
  });

  it('gives speed in km/h or mph and pace per km or per mile', () => {
    expect(formatSpeed(10, 'metric')).toEqual({ value: '36.0', unit: 'km/h' });
    expect(formatSpeed(10, 'imperial')).toEqual({ value: '22.4', unit: 'mph' });
    expect(formatPace(300, 'metric')).toEqual({ value: '5:00', unit: '/km' });
    expect(formatPace(299.7, 'metric')).toEqual({ value: '5:00', unit: '/km' });
    expect(formatPace(300, 'imperial')).toEqual({ value: '8:03', unit: '/mi' });
    expect(measureText(formatPace(300, 'imperial'))).toBe('8:03 /mi');
  });
});

describe("dates in the athlete's locale and time zone, in one shape (issue 26, ADR 0072)", () => {
  const moment = '2026-11-25T23:30:00Z';
  /** The day the tests read on: the same year as `moment`. */
  const now = new Date('2026-12-01T09:00:00Z');
  const nextYear = new Date('2027-02-01T09:00:00Z');

  it('writes the day where the athlete is, without the year in this year', () => {
    expect(formatDate(moment, { locale: 'en-US', timeZone: 'UTC', now })).toBe('Wed, Nov 25');
    // Already Thursday in Berlin.
    expect(formatDate(moment, { locale: 'en-US', timeZone: 'Europe/Berlin', now })).toBe('Thu, Nov 26');
    expect(formatDate(moment, { locale: 'en-GB', timeZone: 'UTC', now })).toBe('Wed 25 Nov');
  });

  it('adds the year to a day of another year, before or after this one', () => {
    expect(formatDate(moment, { locale: 'en-US', timeZone: 'UTC', now: nextYear })).toBe('Wed, Nov 25, 2026');
    expect(formatDate(moment, { locale: 'en-US', timeZone: 'UTC', now: new Date('2025-06-01T00:00:00Z') })).toBe('Wed, Nov 25, 2026');
    expect(formatDate(moment, { locale: 'en-GB', timeZone: 'UTC', now: nextYear })).toBe('Wed, 25 Nov 2026');
  });

  it("judges this year where the athlete is: New Year's Eve in New York is next year in UTC", () => {
    const eve = '2027-01-01T03:00:00Z';
    const newYork = { locale: 'en-US', timeZone: 'America/New_York' };
    expect(formatDate(eve, { ...newYork, now: new Date('2026-12-31T20:00:00Z') })).toBe('Thu, Dec 31');
    expect(formatDate(eve, { locale: 'en-US', timeZone: 'UTC', now: new Date('2026-12-31T20:00:00Z') })).toBe('Fri, Jan 1, 2027');
  });

  it('writes a moment as its day and time of day', () => {
    expect(formatDateTime(moment, { locale: 'en-US', timeZone: 'America/New_York', now })).toBe('Wed, Nov 25, 6:30 PM');
    expect(formatDateTime(moment, { locale: 'en-US', timeZone: 'America/New_York', now: nextYear })).toBe('Wed, Nov 25, 2026, 6:30 PM');
  });

  it('keeps a calendar day on its day in every time zone, in the same shape', () => {
    expect(formatCalendarDay('2026-11-25', { locale: 'en-US', now })).toBe('Wed, Nov 25');
    expect(formatCalendarDay('2026-11-25', { locale: 'en-US', now: nextYear })).toBe('Wed, Nov 25, 2026');
    expect(formatCalendarDay('2026-11-25', { locale: 'en-US', timeZone: 'Pacific/Kiritimati', now })).toBe('Wed, Nov 25');
    expect(formatShortCalendarDay('2026-11-25', { locale: 'en-US' })).toBe('Wed, Nov 25');
  });

  it('takes a calendar day or a moment alike (formatDay)', () => {
    expect(formatDay('2026-11-25', { locale: 'en-US', timeZone: 'Pacific/Kiritimati', now })).toBe('Wed, Nov 25');
    expect(formatDay(moment, { locale: 'en-US', timeZone: 'Pacific/Kiritimati', now })).toBe('Thu, Nov 26');
    expect(formatDay(new Date(moment), { locale: 'en-US', timeZone: 'UTC', now: nextYear })).toBe('Wed, Nov 25, 2026');
  });

  it('falls back to the defaults for an unknown time zone instead of failing', () => {
    expect(formatDate(moment, { locale: 'en-US', timeZone: 'Mars/Olympus', now: nextYear })).toMatch(/2026/);
  });
});

describe('limits in the athlete units (issue 14 item 5)', () => {
  it('says a limit in whole km, mi, m or ft, rounded down so the figure is within it', () => {
    expect(formatLimit('distance', 5_000_000, 'metric')).toBe('5,000 km');
    expect(formatLimit('distance', 5_000_000, 'imperial')).toBe('3,106 mi');
    expect(formatLimit('elevation', 100_000, 'metric')).toBe('100,000 m');
    expect(formatLimit('elevation', 100_000, 'imperial')).toBe('328,084 ft');
  });

  it('refuses a plan distance or climb beyond the limit in the athlete units', () => {
    expect(goalInputProblem({ eventDistance: '9999 mi' }, 'imperial')).toBe('The distance must be at most 3,106 mi.');
    expect(goalInputProblem({ eventDistance: '9999 mi' }, 'metric')).toBe('The distance must be at most 5,000 km.');
    expect(goalInputProblem({ prElevation: '400000 ft' }, 'imperial')).toBe('The elevation must be at most 328,084 ft.');
    expect(goalInputProblem({ eventDistance: '3,100 mi', eventElevation: '300,000 ft' }, 'imperial')).toBeNull();
  });
});

describe('body weight in the athlete unit (issue 14 item 5)', () => {
  it('shows kg as lb for an imperial athlete and reads typed lb back to the kg stored', () => {
    expect(measureText(formatWeight(70.5, 'metric'))).toBe('70.5 kg');
    expect(measureText(formatWeight(70.5, 'imperial'))).toBe('155.4 lb');
    expect(weightKgFrom(155.4, 'imperial')).toBe(70.5);
    expect(weightKgFrom(70.5, 'metric')).toBe(70.5);
    // Stored kg survive the trip through the lb field untouched, for every tenth of a kilogram.
    for (let tenths = 200; tenths <= 3000; tenths += 1) {
      const kg = tenths / 10;
      expect(weightKgFrom(weightInUnits(kg, 'imperial'), 'imperial')).toBe(kg);
    }
  });
});
