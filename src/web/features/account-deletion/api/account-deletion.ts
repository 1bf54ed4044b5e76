import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { accountDeletedResponse, accountDeletionCheck, type DeleteAccountBody } from '../../../../shared/api/account-deletion.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

const DELETION_PATH = '/api/account/deletion';
/** Query keys are API paths (the signed-in user's is GET /api/auth/user). */
const currentUserKey = ['/api/auth/user'] as const;

/** GET /api/account/deletion: what the dialog asks for (the password, or the address after a fresh Google sign-in). */
export function useAccountDeletionCheck(enabled: boolean) {
  return useQuery({
    queryKey: [DELETION_PATH],
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', DELETION_PATH, undefined, { signal }), accountDeletionCheck),
    enabled,
    // Whether a Google sign-in is still fresh changes with time: asked again at every opening.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

type DeletionState = { status: 'idle' } | { status: 'pending' } | { status: 'error'; error: unknown };

/**
 * POST /api/account/deletion. Once the account is gone the app forgets it without reloading the
 * page (a reload would show the landing page without the notice): the signed-in user becomes
 * nobody, which brings the landing page in place of the signed-in screens, and once those (this
 * dialog among them) are gone, every other cached answer of the account is dropped. Dropped any
 * earlier, a signed-in screen still on the page would ask for its answer again, as nobody. Not a
 * react-query mutation for the same reason: every successful mutation refreshes the day plan on
 * screen (lib/query-client.ts), which would ask as nobody too.
 */
export function useDeleteAccount(onDeleted: (email: string) => void) {
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  const [state, setState] = useState<DeletionState>({ status: 'idle' });
  useEffect(
    () => () => {
      if (deleted.current) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    },
    [queryClient],
  );
  const deleteAccount = useCallback(
    async (body: DeleteAccountBody) => {
      setState({ status: 'pending' });
      try {
        const { email } = await readJson(await apiRequest('POST', DELETION_PATH, body), accountDeletedResponse);
        deleted.current = true;
        onDeleted(email);
        void queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
        queryClient.setQueryData(currentUserKey, null);
      } catch (error) {
        setState({ status: 'error', error });
      }
    },
    [onDeleted, queryClient],
  );
  return {
    deleteAccount,
    isPending: state.status === 'pending',
    error: state.status === 'error' ? state.error : undefined,
    reset: () => setState({ status: 'idle' }),
  };
}
