import { useQuery, type QueryClient } from '@tanstack/react-query';
import { stravaStatus, type StravaStatus } from '../../../../shared/api/strava.ts';
import { formatNumber } from '../../../../shared/format.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

export const stravaStatusQueryKey = ['/api/strava/status'] as const;

/** How often Home looks again while the history backfill after connecting is running. */
export const BACKFILL_POLL_MS = 3000;

/** GET /api/strava/status. */
export async function fetchStravaStatus(signal?: AbortSignal): Promise<StravaStatus> {
  return readJson(await apiRequest('GET', '/api/strava/status', undefined, { signal }), stravaStatus);
}

/** Connected, and Strava's history is still arriving: listed, or its details and streams fetched. */
export function isBackfilling(status: StravaStatus | undefined): boolean {
  if (status === undefined || !status.connected) return false;
  if (!status.backfillDone) return true;
  return status.history != null && status.history.detailed < status.history.activities;
}

/**
 * What Home says of the first sync: "312 of 1,204 activities" with a bar once Strava has listed them
 * all, "400 activities found" while it still lists; null when there is nothing to say yet.
 */
export function stravaSyncProgress(status: StravaStatus | undefined): { text: string; fraction: number | null } | null {
  const history = status?.history;
  if (!isBackfilling(status) || !history || history.activities === 0) return null;
  const count = (value: number) => formatNumber(value);
  if (!status!.backfillDone) return { text: `${count(history.activities)} ${history.activities === 1 ? 'activity' : 'activities'} found`, fraction: null };
  return { text: `${count(history.detailed)} of ${count(history.activities)} activities`, fraction: history.detailed / history.activities };
}

/** The Strava connection of the signed-in athlete; polled only while the first sync runs. */
export function useStravaStatus() {
  return useQuery({
    queryKey: stravaStatusQueryKey,
    queryFn: ({ signal }) => fetchStravaStatus(signal),
    refetchInterval: (query) => (isBackfilling(query.state.data) ? BACKFILL_POLL_MS : false),
  });
}

export function refetchStravaStatus(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: stravaStatusQueryKey });
}
