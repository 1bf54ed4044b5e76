import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { importStatus, type ImportStatus } from '../../../../shared/api/imports.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { showToast } from '../../../ui/toast-store.ts';
import { isImportSettled } from '../import-queue.ts';
import { recentImportsQueryKey } from './active-imports.ts';

/** How often a running archive import is looked at. */
export const IMPORT_POLL_MS = 1000;

export const importStatusQueryKey = (id: string) => ['/api/imports', id] as const;

/** GET /api/imports/{id}: how far a background (archive) import has come. */
export async function fetchImportStatus(id: string, signal?: AbortSignal): Promise<ImportStatus> {
  return readJson(await apiRequest('GET', `/api/imports/${encodeURIComponent(id)}`, undefined, { signal }), importStatus);
}

/** Follows each archive import until it is done or failed. */
export function useImportStatuses(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: importStatusQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchImportStatus(id, signal),
      refetchInterval: (query: { state: { data: ImportStatus | undefined } }) =>
        query.state.data !== undefined && isImportSettled(query.state.data) ? false : IMPORT_POLL_MS,
    })),
  });
}

/** POST /api/imports/{id}/cancel: the archive import stops after the activity in hand; what came in stays. */
export async function cancelImport(id: string): Promise<ImportStatus> {
  return readJson(await apiRequest('POST', `/api/imports/${encodeURIComponent(id)}/cancel`), importStatus);
}

/** Cancels an archive import; its progress (the dialog's line, Home's card) shows the outcome at once. */
export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImport,
    onSuccess: (status) => {
      queryClient.setQueryData(importStatusQueryKey(status.id), status);
      showToast({ title: 'Import cancelled', description: 'The activities imported so far stay in your account.' });
      void queryClient.invalidateQueries({ queryKey: recentImportsQueryKey });
    },
  });
}
