import { useQuery } from '@tanstack/react-query';
import { activityIntervals, type ActivityIntervals } from '../../../../shared/api/activity-intervals.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/** Apart from the '/api/activities' keys like the streams: laps do not change once recorded (a new FTP changes % FTP, hence staleness on remount). */
export const activityIntervalsQueryKey = (activityId: string) => ['activity-intervals', activityId] as const;

/** GET /api/activities/{id}/intervals. */
export async function fetchActivityIntervals(activityId: string, signal?: AbortSignal): Promise<ActivityIntervals> {
  return readJson(await apiRequest('GET', `/api/activities/${encodeURIComponent(activityId)}/intervals`, undefined, { signal }), activityIntervals);
}

export function useActivityIntervals(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: activityIntervalsQueryKey(activityId),
    queryFn: ({ signal }) => fetchActivityIntervals(activityId, signal),
    enabled,
    staleTime: 0,
  });
}
