import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * The day plan (ADR 0068) follows everything the athlete changes: plans, proposals, check-ins,
 * settings, analyses. Rather than each of those mutations knowing about it, every successful
 * mutation marks it stale (a mounted day plan refetches; otherwise it does on its next mount).
 */
export const DAY_PLAN_QUERY_KEY = ['/api/day-plan'] as const;
/** The training calendar's days carry the day plan's decision (ADR 0080), so it follows the same mutations. */
export const CALENDAR_QUERY_KEY = ['/api/calendar'] as const;

/**
 * What the athlete's history feeds, apart from the activities themselves: fitness, readiness, the
 * day plan and the calendar. While a history arrives (a Strava sync, an analysis waiting for it)
 * these are read again as it grows, so no card still says "no training load" beside an analysis
 * that cites fitness.
 */
const HISTORY_FED_QUERY_KEYS = [['/api/fitness'], ['/api/readiness'], DAY_PLAN_QUERY_KEY, CALENDAR_QUERY_KEY] as const;

export async function refetchWhatTheHistoryFeeds(client: QueryClient): Promise<void> {
  await Promise.all(HISTORY_FED_QUERY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * Spec §9 defaults: data never goes stale on its own, nothing refetches on an interval or on
 * window focus, and nothing retries. Each query that needs freshness or a retry says so itself.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: DAY_PLAN_QUERY_KEY }), client.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY })]),
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return client;
}
