import { useMutation, useQueryClient } from '@tanstack/react-query';
import { athleticProfile } from '../../../../shared/api/athletic-profile.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { athleticProfileQueryKey } from './athletic-profile.ts';

/**
 * POST /api/profile/events: recommends events and answers with the refreshed profile. Spec §8: a
 * failure is not shown to the athlete (the loading state just goes away); it is noted on the console.
 */
export function useRecommendEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    // The variable names the profile the events are asked for (its generatedAt), so the page knows it asked.
    mutationFn: async (_forProfile: string) => readJson(await apiRequest('POST', '/api/profile/events'), athleticProfile),
    onSuccess: (profile) => queryClient.setQueryData(athleticProfileQueryKey, profile),
    onError: (error) => console.warn('Event recommendation failed:', error.message),
  });
}
