import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { seasonAnswer, type SeasonAnswer } from '../../../../shared/api/season.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/** The browser's time zone, which the server reads the range's days and months in. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /api/season for the days from..to (null: all time) in the athlete's time zone. */
export async function fetchSeason(days: { from: string | null; to: string | null }, tz: string, signal?: AbortSignal): Promise<SeasonAnswer> {
  const query = new URLSearchParams({ tz });
  if (days.from !== null && days.to !== null) {
    query.set('from', days.from);
    query.set('to', days.to);
  }
  return readJson(await apiRequest('GET', `/api/season?${query}`, undefined, { signal }), seasonAnswer);
}

/** One range's season; off while `days` is null (a custom range not yet complete). */
export function useSeason(days: { from: string | null; to: string | null } | null, tz: string) {
  return useQuery({
    queryKey: ['season', days?.from ?? null, days?.to ?? null, tz],
    queryFn: ({ signal }) => fetchSeason(days!, tz, signal),
    enabled: days !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}
