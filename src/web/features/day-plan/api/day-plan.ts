import { useQuery } from '@tanstack/react-query';
import { dayPlanAnswer, type DayPlanAnswer } from '../../../../shared/api/day-plan.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { DAY_PLAN_QUERY_KEY } from '../../../lib/query-client.ts';

/**
 * GET /api/day-plan (ADR 0068). Every change that moves a day's decision (a plan created, edited,
 * switched or deleted; a proposal accepted, declined or undone; a check-in saved; an analysis
 * written) is a mutation, and every successful mutation marks the key stale (lib/query-client.ts);
 * a day plan opened again is asked again too, since a day may have turned since.
 */
export const dayPlanQueryKey = DAY_PLAN_QUERY_KEY;

export async function fetchDayPlan(today: string, days: number, signal?: AbortSignal): Promise<DayPlanAnswer> {
  const query = new URLSearchParams({ today, days: String(days) });
  return readJson(await apiRequest('GET', `/api/day-plan?${query}`, undefined, { signal }), dayPlanAnswer);
}

/** The decisions from the athlete's `today` (their own time zone) for `days` days. */
export function useDayPlan(today: string, days: number) {
  return useQuery({ queryKey: [...dayPlanQueryKey, today, days], queryFn: ({ signal }) => fetchDayPlan(today, days, signal), staleTime: 0 });
}
