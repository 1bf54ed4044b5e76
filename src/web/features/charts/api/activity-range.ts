import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { activityRange, type ActivityRange } from '../../../../shared/api/activity-range.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/** GET /api/activities/{id}/range: the figures of a stretch, by the server's own metric functions. */
export async function fetchActivityRange(activityId: string, fromS: number, toS: number, signal?: AbortSignal): Promise<ActivityRange> {
  const query = new URLSearchParams({ from: String(fromS), to: String(toS) });
  return readJson(await apiRequest('GET', `/api/activities/${encodeURIComponent(activityId)}/range?${query.toString()}`, undefined, { signal }), activityRange);
}

/** A stretch's figures; the last stretch's stay on screen while the next one loads. Streams do not change, so neither do these. */
export function useActivityRange(activityId: string, stretch: readonly [number, number] | null) {
  return useQuery({
    queryKey: ['activity-range', activityId, stretch?.[0], stretch?.[1]],
    queryFn: ({ signal }) => fetchActivityRange(activityId, stretch![0], stretch![1], signal),
    enabled: stretch !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
