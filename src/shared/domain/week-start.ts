import { addCalendarDays } from '../time.ts';

/**
 * The athlete's week (ADR 0080): the weekday their calendar week starts on, Monday unless they
 * choose another in the settings. Days are the calendar days Kairo counts everywhere (an
 * activity's UTC start day, ADR 0080), so the weeks are runs of seven such days.
 */

/** Monday first, as ISO 8601 numbers them (1 … 7). */
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];
export const DEFAULT_WEEK_START: Weekday = 'monday';

/** 0 for Monday … 6 for Sunday. */
const weekdayIndex = (weekday: Weekday): number => weekdays.indexOf(weekday);

/** The weekday of a calendar day (YYYY-MM-DD). */
export function weekdayOf(day: string): Weekday {
  // getUTCDay counts from Sunday (0); weekdays from Monday.
  return weekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** The first day of the week holding `day`, for weeks starting on `weekStartsOn`. */
export function weekStartOf(day: string, weekStartsOn: Weekday): string {
  const back = (weekdayIndex(weekdayOf(day)) - weekdayIndex(weekStartsOn) + 7) % 7;
  return addCalendarDays(day, -back);
}

/** Every week meeting `from`..`to` (inclusive), in order: its first and last day. */
export function weeksOverlapping(from: string, to: string, weekStartsOn: Weekday): { startDate: string; endDate: string }[] {
  const weeks: { startDate: string; endDate: string }[] = [];
  for (let start = weekStartOf(from, weekStartsOn); start <= to; start = addCalendarDays(start, 7)) {
    weeks.push({ startDate: start, endDate: addCalendarDays(start, 6) });
  }
  return weeks;
}

export const calendarPeriods = ['month', 'year'] as const;
export type CalendarPeriod = (typeof calendarPeriods)[number];

/** The month ('2026-03') or year ('2026') a calendar day falls in. */
export function periodKeyOf(day: string, period: CalendarPeriod): string {
  return period === 'month' ? day.slice(0, 7) : day.slice(0, 4);
}

/** Every month or year meeting `from`..`to`, in order: its key and first and last day. */
export function periodsOverlapping(from: string, to: string, period: CalendarPeriod): { key: string; startDate: string; endDate: string }[] {
  const periods: { key: string; startDate: string; endDate: string }[] = [];
  let year = Number(from.slice(0, 4));
  let month = period === 'month' ? Number(from.slice(5, 7)) : 1;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  for (;;) {
    const startDate = `${pad(year, 4)}-${pad(month, 2)}-01`;
    if (startDate > to) return periods;
    const next = period === 'month' ? (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 }) : { year: year + 1, month: 1 };
    const endDate = addCalendarDays(`${pad(next.year, 4)}-${pad(next.month, 2)}-01`, -1);
    periods.push({ key: periodKeyOf(startDate, period), startDate, endDate });
    ({ year, month } = next);
  }
}
