import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sendRequest } from '../../../lib/api-request.ts';

declare global {
  interface Window {
    /** Spec §7: a manual Strava sync, started from the browser console once signed in. */
    forceSync?: () => Promise<void>;
  }
}

/**
 * POST /api/force-sync (a JSON content type with an empty object: the route takes no fields).
 * On success the activity list is fetched again (spec §4); a failure is only logged (spec §8).
 */
export async function forceSync(queryClient: QueryClient): Promise<void> {
  try {
    const response = await sendRequest('POST', '/api/force-sync', {});
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      console.error(`HTTP ${response.status}: ${body}`);
      return;
    }
    // Query keys are API paths: the list and every activity read under it.
    await queryClient.invalidateQueries({ queryKey: ['/api/activities'] });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
}

/** Puts `window.forceSync()` in place while a signed-in screen is mounted. */
export function useForceSyncGlobal(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const run = () => forceSync(queryClient);
    window.forceSync = run;
    return () => {
      if (window.forceSync === run) delete window.forceSync;
    };
  }, [queryClient]);
}
