import { useIsMutating } from '@tanstack/react-query';
import { analysisRewriteMutationKey } from './api/activity-analysis.ts';

/** Whether Kai is rewriting this analysis right now (a style change, new detail or a refresh, spec §4 busy states). */
export function useAnalysisRewriting(activityId: string): boolean {
  return useIsMutating({ mutationKey: analysisRewriteMutationKey(activityId) }) > 0;
}
