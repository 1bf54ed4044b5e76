import { useQuery } from '@tanstack/react-query';
import { activityStreams, type ActivityStreamsView } from '../../../../shared/api/activities.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/** The streams the charts draw; the position track (latlng, the largest) is left unchecked and dropped. */
const chartedStreams = activityStreams.omit({ latlng: true });

/**
 * Kept apart from the '/api/activities' keys, which every import and sync invalidates: streams
 * are large and do not change once recorded.
 */
export const activityStreamsQueryKey = (activityId: string) => ['activity-streams', activityId] as const;

/** GET /api/activities/{id}/streams. */
export async function fetchActivityStreams(activityId: string, signal?: AbortSignal): Promise<ActivityStreamsView> {
  const path = `/api/activities/${encodeURIComponent(activityId)}/streams`;
  return readJson(await apiRequest('GET', path, undefined, { signal }), chartedStreams);
}

export function useActivityStreams(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: activityStreamsQueryKey(activityId),
    queryFn: ({ signal }) => fetchActivityStreams(activityId, signal),
    enabled,
  });
}
