import { useInfiniteQuery } from '@tanstack/react-query';
import { activityList, type ActivityListItem } from '../../../../shared/api/activities.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

export const activityListQueryKey = ['/api/activities'] as const;

/** Activities per page of the sidebar list ('Load more' asks for the next page). */
export const ACTIVITY_PAGE_SIZE = 50;

/** GET /api/activities: a page of activities, newest first, all older than `before` when given. */
export async function fetchActivityPage(before: string | undefined, signal?: AbortSignal): Promise<ActivityListItem[]> {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (before !== undefined) query.set('before', before);
  return readJson(await apiRequest('GET', `/api/activities?${query}`, undefined, { signal }), activityList);
}

/** The next page starts before the oldest activity seen; a short page was the last one. */
export function nextPageBefore(lastPage: readonly ActivityListItem[]): string | undefined {
  if (lastPage.length < ACTIVITY_PAGE_SIZE) return undefined;
  return lastPage.at(-1)?.startDate;
}

/** The list's key and pages, for the hook below and for reading the list ahead of Home (app/prefetch-home.ts). */
export const activityListQueryOptions = {
  queryKey: activityListQueryKey,
  queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal?: AbortSignal }) => fetchActivityPage(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: nextPageBefore,
};

/**
 * The athlete's activities (spec §7: always refetched on mount, stale at once, not on focus).
 * `pollMs` refetches on an interval while Strava's history is still arriving; `enabled: false`
 * holds the request back until the caller needs it.
 */
export function useActivityList({ pollMs, enabled = true }: { pollMs: number | false; enabled?: boolean }) {
  return useInfiniteQuery({
    ...activityListQueryOptions,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchInterval: pollMs,
    enabled,
  });
}
