import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson, userFacingMessage } from '../../../lib/api-request.ts';
import { showToast } from '../../../ui/toast-store.ts';

/** POST /api/auth/logout: ends this session. */
export async function logout() {
  return readJson(await apiRequest('POST', '/api/auth/logout'), messageResponse);
}

/**
 * Spec §7: after signing out, every cached query is dropped and the page reloads, so nothing of
 * the previous account survives in memory. A failure leaves the person signed in, so they are told.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      window.location.reload();
    },
    onError: (error) => {
      showToast({ tone: 'error', title: 'Failed to sign out', description: userFacingMessage(error, 'Please try again.') });
    },
  });
}
