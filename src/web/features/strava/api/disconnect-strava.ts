import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { showToast } from '../../../ui/toast-store.ts';
import { stravaStatusQueryKey } from './strava-status.ts';

/** POST /api/auth/logout/strava: deauthorises Kairo at Strava and deletes the Strava-sourced activities. */
export async function disconnectStrava() {
  return readJson(await apiRequest('POST', '/api/auth/logout/strava'), messageResponse);
}

/**
 * Spec §7/§8 toasts. Instead of reloading the page (which would take the toast with it), the
 * status and the activities are fetched again: the ones that came from Strava are gone.
 */
export function useDisconnectStrava() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectStrava,
    onSuccess: async () => {
      showToast({ title: 'Account disconnected successfully' });
      // Query keys are API paths: everything read under /api/activities starts over from page one.
      await Promise.all([
        queryClient.resetQueries({ queryKey: ['/api/activities'] }),
        queryClient.invalidateQueries({ queryKey: stravaStatusQueryKey }),
      ]);
    },
    onError: () => {
      showToast({ tone: 'error', title: 'Failed to disconnect account' });
    },
  });
}
