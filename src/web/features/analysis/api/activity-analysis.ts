import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { analysisView, type AnalysisView } from '../../../../shared/api/analysis.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { refetchWhatTheHistoryFeeds } from '../../../lib/query-client.ts';

export const activityAnalysisQueryKey = (activityId: string) => ['/api/activities', activityId, 'analysis'] as const;

/**
 * Drops every cached analysis: after a change to what analyses are written from (settings, the
 * active training plans) the server rewrites each one when next read, and the page must read it.
 */
export function removeCachedAnalyses(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === '/api/activities' && query.queryKey[2] === 'analysis' });
}

/** Every request that makes Kai rewrite the analysis (style, detail, refresh) carries this key, so the page can show it is busy. */
export const analysisRewriteMutationKey = (activityId: string) => ['analysis-rewrite', activityId] as const;

/** GET /api/activities/{id}/analysis: Kai's analysis, written on first request when absent. */
export async function fetchActivityAnalysis(activityId: string, signal?: AbortSignal): Promise<AnalysisView> {
  const path = `/api/activities/${encodeURIComponent(activityId)}/analysis`;
  return readJson(await apiRequest('GET', path, undefined, { signal }), analysisView);
}

/** Spec §7/§9: an analysis read stays fresh for 5 minutes (the server says when it is rewritten), with one retry. */
const ANALYSIS_STALE_MS = 5 * 60_000;
const ANALYSIS_RETRIES = 1;

/** Reads Kai's analysis of an activity into the cache Home's page reads, before the page asks (app/prefetch-home.ts). */
export function prefetchActivityAnalysis(queryClient: QueryClient, activityId: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: activityAnalysisQueryKey(activityId),
    queryFn: ({ signal }) => fetchActivityAnalysis(activityId, signal),
    staleTime: ANALYSIS_STALE_MS,
    // As the page's own read: the page joins this read when it opens before it ends.
    retry: ANALYSIS_RETRIES,
  });
}

/** How often an analysis written before the history was in is read again, until Kai has rewritten it. */
const HISTORY_PENDING_POLL_MS = 3_000;

/**
 * Spec §7/§9: cached 5 minutes, one retry; an analysis written before the athlete's history was in
 * is read again until Kai has written it from all of it (ADR 0028), so the page updates by itself.
 * Then the cards beside it (fitness, readiness, the day plan), read while the history was still
 * arriving, are read again too.
 */
export function useActivityAnalysis(activityId: string) {
  const queryClient = useQueryClient();
  const queryKey = activityAnalysisQueryKey(activityId);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const wasPending = queryClient.getQueryData<AnalysisView>(queryKey)?.historyPending;
      const view = await fetchActivityAnalysis(activityId, signal);
      if (wasPending && !view.historyPending) void refetchWhatTheHistoryFeeds(queryClient);
      return view;
    },
    staleTime: ANALYSIS_STALE_MS,
    retry: ANALYSIS_RETRIES,
    refetchInterval: (query) => (query.state.data?.historyPending ? HISTORY_PENDING_POLL_MS : false),
  });
}
