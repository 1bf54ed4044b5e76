import { useMutation, useQueryClient } from '@tanstack/react-query';
import { athleticProfile } from '../../../../shared/api/athletic-profile.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { athleticProfileQueryKey } from './athletic-profile.ts';

/** POST /api/profile/generate: writes the profile and its answer becomes the cached one. */
export function useGenerateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', '/api/profile/generate'), athleticProfile),
    onSuccess: (profile) => queryClient.setQueryData(athleticProfileQueryKey, profile),
  });
}
