import { useQuery } from '@tanstack/react-query';
import { activityDetail, type ActivityDetail } from '../../../../shared/api/activities.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { activityListQueryKey } from './activity-list.ts';

export const activityDetailQueryKey = (id: string) => [...activityListQueryKey, id] as const;

/** GET /api/activities/{id}: every recorded field of one activity. */
export async function fetchActivityDetail(id: string, signal?: AbortSignal): Promise<ActivityDetail> {
  return readJson(await apiRequest('GET', `/api/activities/${encodeURIComponent(id)}`, undefined, { signal }), activityDetail);
}

/** One activity in full, for its page. */
export function useActivityDetail(id: string) {
  return useQuery({
    queryKey: activityDetailQueryKey(id),
    queryFn: ({ signal }) => fetchActivityDetail(id, signal),
  });
}
