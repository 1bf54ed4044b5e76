import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authUser, type LoginBody } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { trackUserEvent } from '../../tracking/index.ts';
import { currentUserQueryKey } from './current-user.ts';

/** POST /api/auth/login: answers the signed-in user and sets the session cookie. */
export async function login(body: LoginBody) {
  return readJson(await apiRequest('POST', '/api/auth/login', body), authUser);
}

/**
 * Signs in, then waits for the user query to refetch so every screen already sees the new session
 * when the caller navigates.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      trackUserEvent({ eventType: 'user_action', eventName: 'login' });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
