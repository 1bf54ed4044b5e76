import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { calendarAnswer, calendarTotalsAnswer, type CalendarAnswer, type CalendarTotalsAnswer } from '../../../../shared/api/calendar.ts';
import type { CalendarPeriod } from '../../../../shared/domain/week-start.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { CALENDAR_QUERY_KEY } from '../../../lib/query-client.ts';
import { weekPageRange, type DayRange } from '../calendar-range.ts';

export const calendarQueryKey = CALENDAR_QUERY_KEY;

/** GET /api/calendar: the days of from..to with their activities and plan, and the weeks meeting them with their totals. */
export async function fetchCalendar(range: DayRange, today: string, signal?: AbortSignal): Promise<CalendarAnswer> {
  const query = new URLSearchParams({ from: range.from, to: range.to, today });
  return readJson(await apiRequest('GET', `/api/calendar?${query}`, undefined, { signal }), calendarAnswer);
}

/** At most this many pages stay loaded (two years of weeks); scrolling on drops the far end's, which load again when scrolled back to. */
const MAX_PAGES = 8;

/**
 * The week view's pages around the anchor week: page 0 first, earlier pages with
 * fetchPreviousPage, later ones with fetchNextPage (calendar-range.ts).
 */
export function useCalendarWeeks(anchorWeekStart: string | null, today: string) {
  return useInfiniteQuery({
    queryKey: [...calendarQueryKey, 'weeks', anchorWeekStart, today],
    queryFn: ({ pageParam, signal }) => fetchCalendar(weekPageRange(anchorWeekStart!, pageParam), today, signal),
    initialPageParam: 0,
    getPreviousPageParam: (_first, _all, firstParam) => firstParam - 1,
    getNextPageParam: (_last, _all, lastParam) => lastParam + 1,
    maxPages: MAX_PAGES,
    enabled: anchorWeekStart !== null,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/calendar/totals: each month or year meeting from..to. */
export async function fetchCalendarTotals(period: CalendarPeriod, range: DayRange, signal?: AbortSignal): Promise<CalendarTotalsAnswer> {
  const query = new URLSearchParams({ period, from: range.from, to: range.to });
  return readJson(await apiRequest('GET', `/api/calendar/totals?${query}`, undefined, { signal }), calendarTotalsAnswer);
}

/** The month or year view's totals; the previous range stays on screen while the next loads. */
export function useCalendarTotals(period: CalendarPeriod, range: DayRange) {
  return useQuery({
    queryKey: [...calendarQueryKey, 'totals', period, range.from, range.to],
    queryFn: ({ signal }) => fetchCalendarTotals(period, range, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}
