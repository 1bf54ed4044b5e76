import { useQuery } from '@tanstack/react-query';
import { athleteProfile, type AthleteProfile } from '../../../../shared/api/settings.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

export const athleteProfileQueryKey = ['/api/athlete/profile'] as const;

/** GET /api/athlete/profile. */
export async function fetchAthleteProfile(signal?: AbortSignal): Promise<AthleteProfile> {
  return readJson(await apiRequest('GET', '/api/athlete/profile', undefined, { signal }), athleteProfile);
}

/** Spec §7/§9: disabled until asked for (the coaching profile opens), then cached 5 minutes. */
export function useAthleteProfile(enabled: boolean) {
  return useQuery({
    queryKey: athleteProfileQueryKey,
    queryFn: ({ signal }) => fetchAthleteProfile(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
