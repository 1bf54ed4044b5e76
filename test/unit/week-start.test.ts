import { describe, expect, it } from 'vitest';
import { periodKeyOf, periodsOverlapping, weekdayOf, weekdays, weeksOverlapping, weekStartOf } from '../../src/shared/domain/week-start.ts';
import { addCalendarDays } from '../../src/shared/time.ts';

/** The athlete's weeks of the training calendar (ADR 0080). */
describe('week start', () => {
  it('names the weekday of a calendar day', () => {
    expect(weekdayOf('2026-11-30')).toBe('monday');
    expect(weekdayOf('2026-11-29')).toBe('sunday');
    expect(weekdayOf('2024-02-29')).toBe('thursday');
    expect(weekdayOf('2027-01-01')).toBe('friday');
  });

  it.each(weekdays)('puts every day of a week starting on %s into the seven days from its start', (start) => {
    // Two years of days across the 2026/2027 boundary: each is 0-6 days after its week's start, which is that weekday.
    for (let day = '2026-06-01'; day <= '2027-06-30'; day = addCalendarDays(day, 1)) {
      const weekStart = weekStartOf(day, start);
      expect(weekdayOf(weekStart)).toBe(start);
      expect(weekStart <= day && day <= addCalendarDays(weekStart, 6)).toBe(true);
    }
  });

  it('starts the week holding New Year on the chosen weekday of the old year', () => {
    // 2027-01-01 is a Friday.
    expect(weekStartOf('2027-01-01', 'monday')).toBe('2026-12-28');
    expect(weekStartOf('2027-01-01', 'sunday')).toBe('2026-12-27');
    expect(weekStartOf('2027-01-01', 'saturday')).toBe('2026-12-26');
    expect(weekStartOf('2027-01-01', 'friday')).toBe('2027-01-01');
    expect(weekStartOf('2027-01-02', 'saturday')).toBe('2027-01-02');
  });

  it('lists each week meeting a range once, whole, in order', () => {
    expect(weeksOverlapping('2026-12-30', '2027-01-04', 'sunday')).toEqual([
      { startDate: '2026-12-27', endDate: '2027-01-02' },
      { startDate: '2027-01-03', endDate: '2027-01-09' },
    ]);
    expect(weeksOverlapping('2026-11-30', '2026-11-30', 'monday')).toEqual([{ startDate: '2026-11-30', endDate: '2026-12-06' }]);
    expect(weeksOverlapping('2026-11-29', '2026-11-30', 'monday')).toEqual([
      { startDate: '2026-11-23', endDate: '2026-11-29' },
      { startDate: '2026-11-30', endDate: '2026-12-06' },
    ]);
    // A range of 400 days on a Wednesday start: 58 or 59 weeks, consecutive, covering it.
    for (const start of weekdays) {
      const weeks = weeksOverlapping('2026-01-01', addCalendarDays('2026-01-01', 399), start);
      expect(weeks[0]!.startDate <= '2026-01-01').toBe(true);
      expect(weeks.at(-1)!.endDate >= addCalendarDays('2026-01-01', 399)).toBe(true);
      for (const [index, week] of weeks.entries()) {
        if (index > 0) expect(week.startDate).toBe(addCalendarDays(weeks[index - 1]!.endDate, 1));
      }
    }
  });

  it('lists the months and years meeting a range, each whole', () => {
    expect(periodsOverlapping('2026-11-15', '2027-02-01', 'month')).toEqual([
      { key: '2026-11', startDate: '2026-11-01', endDate: '2026-11-30' },
      { key: '2026-12', startDate: '2026-12-01', endDate: '2026-12-31' },
      { key: '2027-01', startDate: '2027-01-01', endDate: '2027-01-31' },
      { key: '2027-02', startDate: '2027-02-01', endDate: '2027-02-28' },
    ]);
    expect(periodsOverlapping('2024-02-10', '2024-02-10', 'month')).toEqual([{ key: '2024-02', startDate: '2024-02-01', endDate: '2024-02-29' }]);
    expect(periodsOverlapping('2026-06-01', '2027-01-01', 'year')).toEqual([
      { key: '2026', startDate: '2026-01-01', endDate: '2026-12-31' },
      { key: '2027', startDate: '2027-01-01', endDate: '2027-12-31' },
    ]);
    expect(periodKeyOf('2026-12-31', 'month')).toBe('2026-12');
    expect(periodKeyOf('2026-12-31', 'year')).toBe('2026');
  });
});
