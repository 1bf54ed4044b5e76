import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalysisView } from '../../../../shared/api/analysis.ts';
import { apiRequest, HttpError, userFacingMessage } from '../../../lib/api-request.ts';
import { showToast } from '../../../ui/toast-store.ts';
import { activityAnalysisQueryKey, analysisRewriteMutationKey } from './activity-analysis.ts';

/** The detail context a refresh posts: the analysis's current one (spec §4), the note only when there is one. */
export function refreshBody(view: Pick<AnalysisView, 'activityDetailType' | 'activityDetailNote'>) {
  if (view.activityDetailType === null) return {};
  return view.activityDetailNote
    ? { activityDetailType: view.activityDetailType, activityDetailNote: view.activityDetailNote }
    : { activityDetailType: view.activityDetailType };
}

/** POST /api/activities/{id}/analysis/refresh. The answer's body is not read: the analysis is fetched again (spec §7). */
export async function refreshAnalysis(activityId: string, view: AnalysisView): Promise<void> {
  await apiRequest('POST', `/api/activities/${encodeURIComponent(activityId)}/analysis/refresh`, refreshBody(view));
}

/**
 * A failed refresh is shown (issue 12 item 9 over spec §8's console-only note): the server's
 * message in a toast, and a 429's wait handed to `onLimited` so the button can stay off until then.
 */
export function useRefreshAnalysis(activityId: string, onLimited: (waitS: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analysisRewriteMutationKey(activityId),
    mutationFn: (view: AnalysisView) => refreshAnalysis(activityId, view),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityAnalysisQueryKey(activityId), exact: true }),
    onError: (error) => {
      if (error instanceof HttpError && error.status === 429 && error.retryAfterS !== null) onLimited(error.retryAfterS);
      showToast({ title: userFacingMessage(error, 'Kai could not refresh the analysis. Please try again.'), tone: 'error' });
    },
  });
}
