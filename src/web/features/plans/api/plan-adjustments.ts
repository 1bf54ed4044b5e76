import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pendingAdjustments, planAdjustment, planAdjustmentList, type AdjustmentAction } from '../../../../shared/api/plan-adjustments.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { trainingPlansQueryKey } from './training-plans.ts';

/** ADR 0050: Kai's proposals for a plan, the pending ones of every plan (Home), and the athlete's answer. */

const pendingKey = [...trainingPlansQueryKey, 'adjustments', 'pending'] as const;
const planPath = (planId: string) => `/api/training-plans/${encodeURIComponent(planId)}`;

export function usePlanAdjustments(planId: string) {
  return useQuery({
    queryKey: [...trainingPlansQueryKey, planId, 'adjustments'],
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', `${planPath(planId)}/adjustments`, undefined, { signal }), planAdjustmentList),
    retry: false,
  });
}

export function usePendingAdjustments() {
  return useQuery({
    queryKey: pendingKey,
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', '/api/training-plans/adjustments/pending', undefined, { signal }), pendingAdjustments),
    retry: false,
  });
}

/**
 * Accept, decline or undo. Everything under the plans' key is read again: the proposals, the
 * compliance calendar and the session files all follow the plan's dated sessions.
 */
export function useDecideAdjustment(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: AdjustmentAction }) =>
      readJson(await apiRequest('POST', `${planPath(planId)}/adjustments/${encodeURIComponent(id)}/${action}`), planAdjustment),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trainingPlansQueryKey });
    },
  });
}
