import { useQuery } from '@tanstack/react-query';
import { fitnessSeries } from '../../../../shared/api/activities.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

export const fitnessQueryKey = (days: number) => ['/api/fitness', days] as const;

/** GET /api/fitness?days=N: daily load with fitness (CTL), fatigue (ATL) and form (TSB), oldest first. */
export async function fetchFitness(days: number, signal?: AbortSignal) {
  return readJson(await apiRequest('GET', `/api/fitness?days=${days}`, undefined, { signal }), fitnessSeries);
}

/** Stale at once, like the activities it is made of (spec §9): a new activity shows up on the next visit. */
export function useFitness(days: number) {
  return useQuery({
    queryKey: fitnessQueryKey(days),
    queryFn: ({ signal }) => fetchFitness(days, signal),
    staleTime: 0,
  });
}
