import { useQuery } from '@tanstack/react-query';
import { fitnessForecast } from '../../../../shared/api/fitness-forecast.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { DAY_PLAN_QUERY_KEY } from '../../../lib/query-client.ts';

/**
 * GET /api/fitness/forecast (ADR 0081). It follows the day plan, so it is kept under the day
 * plan's key: every mutation that may move a planned day (a plan edited or switched, a proposal
 * accepted or undone, a check-in) marks it stale with the day plan (lib/query-client.ts).
 */
export const fitnessForecastQueryKey = [...DAY_PLAN_QUERY_KEY, 'fitness-forecast'] as const;

export async function fetchFitnessForecast(signal?: AbortSignal) {
  return readJson(await apiRequest('GET', '/api/fitness/forecast', undefined, { signal }), fitnessForecast);
}

/** Stale at once, like the fitness series it carries on. */
export function useFitnessForecast() {
  return useQuery({ queryKey: fitnessForecastQueryKey, queryFn: ({ signal }) => fetchFitnessForecast(signal), staleTime: 0 });
}
