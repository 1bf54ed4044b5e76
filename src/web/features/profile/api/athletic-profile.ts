import { useQuery } from '@tanstack/react-query';
import { athleticProfile } from '../../../../shared/api/athletic-profile.ts';
import { HttpError, apiRequest, readJson } from '../../../lib/api-request.ts';

export const athleticProfileQueryKey = ['/api/profile'] as const;

/** How often a profile written before the history was in is read again, until Kai has rewritten it. */
const HISTORY_PENDING_POLL_MS = 5_000;

/**
 * GET /api/profile (spec §7, §9: cached indefinitely on the client; a 404 means none was generated
 * yet). The one exception to "indefinitely": a profile that waits for the athlete's history is read
 * again until it has been written from all of it.
 */
export function useAthleticProfile() {
  return useQuery({
    queryKey: athleticProfileQueryKey,
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', '/api/profile', undefined, { signal }), athleticProfile),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (query) => (query.state.data?.historyPending ? HISTORY_PENDING_POLL_MS : false),
  });
}

/** Spec §4: the answer that means "no profile yet", which starts its generation. */
export function isProfileMissing(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}
