import { isCalendarDay } from '../../../shared/api/wellness.ts';

/** The calendar's address (issue 30): /calendar, a week with ?week=YYYY-MM-DD, the month and year totals with ?view=. */
export const CALENDAR_PATH = '/calendar';

export const calendarViews = ['week', 'month', 'year'] as const;
export type CalendarView = (typeof calendarViews)[number];

export interface CalendarLocation {
  view: CalendarView;
  /** A day of the week (week view) or of the year (month view) asked for; null: today's. */
  day: string | null;
}

/** What ?view= and ?week= ask for; anything unreadable is left out, so a mistyped link still opens the calendar. */
export function readCalendarSearch(search: string): CalendarLocation {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  const day = params.get('week');
  return {
    view: calendarViews.find((known) => known === view) ?? 'week',
    day: day !== null && isCalendarDay(day) ? day : null,
  };
}

/** The address of a view at a day: the week view leaves ?view= out, and today's week needs no ?week=. */
export function calendarPath({ view, day }: CalendarLocation): string {
  const params = new URLSearchParams();
  if (view !== 'week') params.set('view', view);
  if (day !== null) params.set('week', day);
  const query = params.toString();
  return query === '' ? CALENDAR_PATH : `${CALENDAR_PATH}?${query}`;
}
