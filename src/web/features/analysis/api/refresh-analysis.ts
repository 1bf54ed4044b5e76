import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalysisView } from '../../../../shared/api/analysis.ts';
import { apiRequest } from '../../../app/api-request.ts';
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

/** Spec §8: a failed refresh is not shown to the athlete; it is noted on the console only. */
export function useRefreshAnalysis(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analysisRewriteMutationKey(activityId),
    mutationFn: (view: AnalysisView) => refreshAnalysis(activityId, view),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityAnalysisQueryKey(activityId), exact: true }),
    onError: (error) => console.warn('Analysis refresh failed:', error.message),
  });
}
