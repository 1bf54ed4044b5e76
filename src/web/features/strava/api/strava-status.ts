import { useQuery, type QueryClient } from '@tanstack/react-query';
import { stravaStatus, type StravaStatus } from '../../../../shared/api/strava.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

export const stravaStatusQueryKey = ['/api/strava/status'] as const;

/** How often Home looks again while the history backfill after connecting is running. */
export const BACKFILL_POLL_MS = 3000;

/** GET /api/strava/status. */
export async function fetchStravaStatus(signal?: AbortSignal): Promise<StravaStatus> {
  return readJson(await apiRequest('GET', '/api/strava/status', undefined, { signal }), stravaStatus);
}

/** Connected, and Strava's history is still arriving. */
export function isBackfilling(status: StravaStatus | undefined): boolean {
  return status !== undefined && status.connected && !status.backfillDone;
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
