import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../../shared/api/auth.ts';
import { sendRequest, throwIfNotOk } from '../../../lib/api-request.ts';
import { takeSessionProbe } from '../../../lib/session-probe.ts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

const FIVE_MINUTES_MS = 5 * 60_000;
const TEN_MINUTES_MS = 10 * 60_000;

/**
 * GET /api/auth/user. A 401 means "signed out", which is an answer, not an error: it yields null.
 * The first read after the page loads uses the answer the page asked for while starting.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  const response = await (takeSessionProbe() ?? sendRequest('GET', '/api/auth/user', undefined, { signal }));
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  // The contract, and zod with it (~27 KB gzipped), loads only when there is a user to check:
  // a signed-out visitor's landing page never needs it.
  const [{ authUser }, body] = await Promise.all([import('../../../../shared/api/auth.ts'), response.json()]);
  return authUser.parse(body);
}

/** The signed-in user (spec §7: fresh 5 min, kept 10 min, no retry, no refetch on focus). */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: FIVE_MINUTES_MS,
    gcTime: TEN_MINUTES_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
