import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registerResponse, type RegisterBody, type RegisterResponse, type RegistrationPending } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { trackUserEvent } from '../../tracking/index.ts';
import { currentUserQueryKey } from './current-user.ts';

/**
 * POST /api/auth/register: where the server delivers mail, a confirmation mail is sent (the answer
 * says so, whether or not the address already had an account); otherwise the account is created
 * and signed in, and the user answered.
 */
export async function register(body: RegisterBody): Promise<RegisterResponse> {
  return readJson(await apiRequest('POST', '/api/auth/register', body), registerResponse);
}

/** The answer asks the person to confirm their address by mail (nothing is signed in yet). */
export const isPending = (answer: RegisterResponse): answer is RegistrationPending => 'pending' in answer;

/** Registers, then (when signed in at once) waits for the user query to see the new session. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async (answer) => {
      trackUserEvent({ eventType: 'user_action', eventName: 'register' });
      if (!isPending(answer)) await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
