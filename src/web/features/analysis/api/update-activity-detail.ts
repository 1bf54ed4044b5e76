import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analysisView, type AnalysisView } from '../../../../shared/api/analysis.ts';
import type { RideDetailType } from '../../../../shared/domain/ride-detail.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
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

export function useUpdateActivityDetail(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analysisRewriteMutationKey(activityId),
    mutationFn: (choice: ActivityDetailChoice) => updateActivityDetail(activityId, choice),
    onSuccess: (view) => queryClient.setQueryData(activityAnalysisQueryKey(activityId), view),
  });
}
