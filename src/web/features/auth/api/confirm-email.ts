import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authUser, type ConfirmEmailBody } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { currentUserQueryKey } from './current-user.ts';

/** POST /api/auth/confirm-email: the link of a registration's mail creates the account and signs it in. */
export async function confirmEmail(body: ConfirmEmailBody) {
  return readJson(await apiRequest('POST', '/api/auth/confirm-email', body), authUser);
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
