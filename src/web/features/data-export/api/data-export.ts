import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataExportStatus } from '../../../../shared/api/data-export.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/** Query keys are API paths. */
const EXPORT_PATH = '/api/account/export';
/** How often a building export's progress is asked for. */
const POLL_MS = 1_500;

/** GET /api/account/export, asked again every POLL_MS while the zip is being built. */
export function useDataExport(enabled: boolean) {
  return useQuery({
    queryKey: [EXPORT_PATH],
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', EXPORT_PATH, undefined, { signal }), dataExportStatus),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'queued' || query.state.data?.state === 'running' ? POLL_MS : false),
  });
}

/** POST /api/account/export: starts a new export; the answer is its status. */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', EXPORT_PATH), dataExportStatus),
    onSuccess: (status) => queryClient.setQueryData([EXPORT_PATH], status),
  });
}

/** After the one download has started, the status says the link is used. */
export function useRefreshDataExport() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [EXPORT_PATH] });
}
