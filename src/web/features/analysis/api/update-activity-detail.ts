import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analysisView, type AnalysisView } from '../../../../shared/api/analysis.ts';
import { RIDE_DETAILS, type RideDetailType } from '../../../../shared/domain/ride-detail.ts';
import { apiRequest, readJson, userFacingMessage } from '../../../lib/api-request.ts';
import { showToast } from '../../../ui/toast-store.ts';
import { activityAnalysisQueryKey, analysisRewriteMutationKey } from './activity-analysis.ts';

/** What the add-detail modal saves (spec §3): a type or null, and a trimmed note that is absent when empty. */
export interface ActivityDetailChoice {
  activityDetailType: RideDetailType | null;
  activityDetailNote?: string;
}

/** PUT /api/activities/{id}/analysis/activity-detail: sets or (with null) clears the ride context. */
export async function updateActivityDetail(activityId: string, choice: ActivityDetailChoice): Promise<AnalysisView> {
  const path = `/api/activities/${encodeURIComponent(activityId)}/analysis/activity-detail`;
  return readJson(await apiRequest('PUT', path, choice), analysisView);
}

/**
 * Saves the ride context and says how it went. The toast is raised here, not by the caller's
 * `mutate` callbacks: those run only while the calling component is mounted, and the rewrite can
 * outlast it (a page that re-rendered, or an athlete who moved on).
 */
export function useUpdateActivityDetail(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analysisRewriteMutationKey(activityId),
    mutationFn: (choice: ActivityDetailChoice) => updateActivityDetail(activityId, choice),
    onSuccess: (view, choice) => {
      queryClient.setQueryData(activityAnalysisQueryKey(activityId), view);
      showToast({
        title:
          choice.activityDetailType === null
            ? 'Activity detail context removed from analysis.'
            : `Analysis updated with ${RIDE_DETAILS[choice.activityDetailType].title} context.`,
      });
    },
    onError: (error) => showToast({ title: userFacingMessage(error, 'Failed to update activity detail context'), tone: 'error' }),
  });
}
