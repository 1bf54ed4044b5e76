import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { analysisRewriteMutationKey } from './api/activity-analysis.ts';

/** Whether Kai is rewriting this analysis right now (a style change, new detail or a refresh, spec §4 busy states). */
export function useAnalysisRewriting(activityId: string): boolean {
  return useIsMutating({ mutationKey: analysisRewriteMutationKey(activityId) }) > 0;
}

/**
 * How the last rewrite of this analysis asked for on this page ended: 'updated' once Kai's new text
 * is read back, 'failed' when it was refused or did not arrive, null while one runs or before any.
 * `atMs` tells one ending from the next (the same outcome twice in a row is still news).
 */
export function useLastAnalysisRewrite(activityId: string): { outcome: 'updated' | 'failed'; atMs: number } | null {
  const endings = useMutationState({
    filters: { mutationKey: analysisRewriteMutationKey(activityId) },
    select: (mutation) => ({ status: mutation.state.status, atMs: mutation.state.submittedAt }),
  });
  const last = endings.at(-1);
  if (last === undefined || (last.status !== 'success' && last.status !== 'error')) return null;
  return { outcome: last.status === 'success' ? 'updated' : 'failed', atMs: last.atMs };
}
