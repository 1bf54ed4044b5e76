import { useQuery } from '@tanstack/react-query';
import { planComplianceView } from '../../../../shared/api/plan-compliance.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { trainingPlansQueryKey } from './training-plans.ts';

/**
 * GET /api/training-plans/{id}/compliance over the whole plan. Under the plans' key, so saving or
 * deleting a plan reads it again; new activities show when the plan view is next opened.
 */
export function usePlanCompliance(id: string) {
  return useQuery({
    queryKey: [...trainingPlansQueryKey, id, 'compliance'],
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', `/api/training-plans/${encodeURIComponent(id)}/compliance`, undefined, { signal }), planComplianceView),
    staleTime: 60_000,
    retry: false,
  });
}
