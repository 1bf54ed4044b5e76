import type { QueryClient } from '@tanstack/react-query';
import { activityListQueryOptions } from '../features/activities/index.ts';
import { prefetchActivityAnalysis } from '../features/analysis/index.ts';

/** How often the list is read again while the first activity of a new connection has not arrived. */
const FIRST_ACTIVITY_POLL_MS = 250;

/**
 * Reads ahead the data Home opens with, into the cache Home reads (issue 29): the first page of
 * activities, read again until the first activity of a new connection has arrived, and Kai's
 * analysis of the newest one, so Home shows that analysis as it opens instead of starting to ask
 * for it then. The success screen after connecting Strava runs it while it shows. The analysis is
 * read with Home's own retry; a failed list read is left to Home, which reads the list on mount.
 * The returned function stops the reading, after which no analysis is asked for.
 */
export function prefetchHome(queryClient: QueryClient): () => void {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      // Kept answers never go stale by default (lib/query-client.ts): each look must ask the server.
      const list = await queryClient.fetchInfiniteQuery({ ...activityListQueryOptions, staleTime: 0 });
      // Gone meanwhile: the analysis is written on its first read, which nobody may need now.
      if (stopped) return;
      const newest = list.pages[0]?.[0];
      if (newest) return prefetchActivityAnalysis(queryClient, newest.id);
      await new Promise((resolve) => setTimeout(resolve, FIRST_ACTIVITY_POLL_MS));
    }
  })().catch(() => undefined);
  return () => {
    stopped = true;
  };
}
