import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { importStatus, type ImportStatus } from '../../../../shared/api/imports.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { isImportSettled } from '../import-queue.ts';

/** The account's latest imports: GET /api/imports. Its key heads every import's own key. */
export const recentImportsQueryKey = ['/api/imports'] as const;
/** How often the list is looked at while an archive import runs (reading it is one indexed query). */
const ACTIVE_POLL_MS = 2000;

const isActive = (status: ImportStatus) => status.kind === 'archive' && !isImportSettled(status);

/**
 * The archive imports still running, from the server: their progress shows after a reload or on
 * another device, not only in the dialog that started them. Polled only while one runs; meanwhile
 * the activity list is fetched again as activities come in (Home fills in), and everything once
 * the last one ends (its activities are scored then).
 */
export function useActiveImports(enabled: boolean): ImportStatus[] {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: recentImportsQueryKey,
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', '/api/imports', undefined, { signal }), z.array(importStatus)),
    enabled,
    refetchInterval: (current) => (current.state.data?.some(isActive) ? ACTIVE_POLL_MS : false),
  });
  const active = query.data?.filter(isActive) ?? [];
  const imported = active.reduce((sum, status) => sum + status.imported, 0);
  const running = active.length > 0;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) {
      if (imported > 0) void queryClient.invalidateQueries({ queryKey: ['/api/activities'] });
    } else if (wasRunning.current) {
      void queryClient.invalidateQueries();
    }
    wasRunning.current = running;
  }, [running, imported, queryClient]);
  return active;
}
