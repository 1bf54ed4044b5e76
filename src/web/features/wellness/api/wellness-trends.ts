import { useQuery } from '@tanstack/react-query';
import { wellnessTrendsAnswer, type WellnessTrendSpan, type WellnessTrendsAnswer } from '../../../../shared/api/wellness-trends.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { readinessQueryKey } from './wellness.ts';

/** GET /api/wellness/trends: the span up to the athlete's today, with each day's normal range as readiness judges it. */
export async function fetchWellnessTrends(date: string, days: WellnessTrendSpan, signal?: AbortSignal): Promise<WellnessTrendsAnswer> {
  const query = new URLSearchParams({ date, days: String(days) });
  return readJson(await apiRequest('GET', `/api/wellness/trends?${query.toString()}`, undefined, { signal }), wellnessTrendsAnswer);
}

/** Under the readiness key: a saved check-in or an import changes the trends as it changes readiness. */
export function useWellnessTrends(date: string, days: WellnessTrendSpan) {
  return useQuery({ queryKey: [...readinessQueryKey, 'trends', date, days], queryFn: ({ signal }) => fetchWellnessTrends(date, days, signal) });
}
