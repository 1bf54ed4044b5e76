import { useQuery } from '@tanstack/react-query';
import { bestPowerCurve, type BestPowerCurve } from '../../../../shared/api/activities.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

export const bestPowerCurveQueryKey = (days: number) => ['/api/power-curve/best', days] as const;

/** GET /api/power-curve/best?days=N: the athlete's best power-duration curve of the last N days. */
export async function fetchBestPowerCurve(days: number, signal?: AbortSignal): Promise<BestPowerCurve> {
  return readJson(await apiRequest('GET', `/api/power-curve/best?days=${days}`, undefined, { signal }), bestPowerCurve);
}

/** Stale at once, like the activities it is made of (spec §9): a new ride shows up on the next visit. */
export function useBestPowerCurve(days: number, enabled: boolean) {
  return useQuery({
    queryKey: bestPowerCurveQueryKey(days),
    queryFn: ({ signal }) => fetchBestPowerCurve(days, signal),
    enabled,
    staleTime: 0,
  });
}
