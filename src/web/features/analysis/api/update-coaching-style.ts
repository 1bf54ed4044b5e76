import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analysisView, type AnalysisView } from '../../../../shared/api/analysis.ts';
import type { CoachingStyle } from '../../../../shared/domain/coaching-style.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { activityAnalysisQueryKey, analysisRewriteMutationKey } from './activity-analysis.ts';

export interface CoachingStyleChoice {
  coachingStyle: CoachingStyle;
  /** The athlete's instructions, already trimmed; only with the custom style (spec §5). */
  systemPrompt?: string;
}

/** PUT /api/activities/{id}/analysis/coaching-style: Kai rewrites this analysis in the chosen style. */
export async function updateCoachingStyle(activityId: string, choice: CoachingStyleChoice): Promise<AnalysisView> {
  const path = `/api/activities/${encodeURIComponent(activityId)}/analysis/coaching-style`;
  return readJson(await apiRequest('PUT', path, choice), analysisView);
}

/** Spec §4: on success the cached analysis is replaced by the rewritten one. */
export function useUpdateCoachingStyle(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: analysisRewriteMutationKey(activityId),
    mutationFn: (choice: CoachingStyleChoice) => updateCoachingStyle(activityId, choice),
    onSuccess: (view) => queryClient.setQueryData(activityAnalysisQueryKey(activityId), view),
  });
}
