import { weekStartOf, type Weekday } from '../../../shared/domain/week-start.ts';
import { addCalendarDays } from '../../../shared/time.ts';

/**
 * How the week view asks for its data (issue 30): in pages of whole weeks counted from one anchor
 * week, so each page is one GET /api/calendar of 84 days, pages before the anchor load as the
 * athlete scrolls up and pages after it as they scroll down, and no request ever covers the history.
 */
export const WEEKS_PER_PAGE = 12;
/** Page 0 starts this many weeks before the anchor, so the anchor week opens with its recent past above it. */
const WEEKS_BEFORE_ANCHOR = 4;

export interface DayRange {
  from: string;
  to: string;
}

/** The days of page `page` (0: the anchor's, -1 the one before it, 1 the one after). */
export function weekPageRange(anchorWeekStart: string, page: number): DayRange {
  const from = addCalendarDays(anchorWeekStart, (page * WEEKS_PER_PAGE - WEEKS_BEFORE_ANCHOR) * 7);
  return { from, to: addCalendarDays(from, WEEKS_PER_PAGE * 7 - 1) };
}

/** The first day of the week before (`step` -1) or after (1) the one starting on `weekStart`. */
export const stepWeek = (weekStart: string, step: number): string => addCalendarDays(weekStart, step * 7);

/** The week a day falls in, on the athlete's week start. */
export const weekOf = (day: string, weekStartsOn: Weekday): string => weekStartOf(day, weekStartsOn);

/** A year's days, for the month view's totals: '2026' -> 2026-01-01..2026-12-31. */
export function yearRange(year: number): DayRange {
  const text = String(year).padStart(4, '0');
  return { from: `${text}-01-01`, to: `${text}-12-31` };
}

/** How many years the year view shows at once, ending with the year shown. */
export const YEARS_PER_VIEW = 10;

/** The years the year view shows, ending with `lastYear`. */
export function yearsRange(lastYear: number): DayRange {
  return { from: yearRange(lastYear - YEARS_PER_VIEW + 1).from, to: yearRange(lastYear).to };
}
