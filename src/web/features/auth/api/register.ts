import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authUser, type RegisterBody } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { trackUserEvent } from '../../tracking/index.ts';
import { currentUserQueryKey } from './current-user.ts';

/** POST /api/auth/register: creates the account, signs it in and answers the user. */
export async function register(body: RegisterBody) {
  return readJson(await apiRequest('POST', '/api/auth/register', body), authUser);
}

/** Creates the account, then waits for the user query to see the new session. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async () => {
      trackUserEvent({ eventType: 'user_action', eventName: 'register' });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
