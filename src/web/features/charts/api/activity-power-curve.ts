import { useQuery } from '@tanstack/react-query';
import { powerCurve } from '../../../../shared/api/activities.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

export const activityPowerCurveQueryKey = (activityId: string) => ['activity-power-curve', activityId] as const;

/** GET /api/activities/{id}/power-curve: the exact mean-maximal power for every duration. */
export async function fetchActivityPowerCurve(activityId: string, signal?: AbortSignal) {
  const path = `/api/activities/${encodeURIComponent(activityId)}/power-curve`;
  return readJson(await apiRequest('GET', path, undefined, { signal }), powerCurve);
}

export function useActivityPowerCurve(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: activityPowerCurveQueryKey(activityId),
    queryFn: ({ signal }) => fetchActivityPowerCurve(activityId, signal),
    enabled,
  });
}
