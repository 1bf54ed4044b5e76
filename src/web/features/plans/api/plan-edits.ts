import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanEdit } from '../../../../shared/api/plan-edits.ts';
import { planAdjustment } from '../../../../shared/api/plan-adjustments.ts';
import { apiRequest, readJson, userFacingMessage } from '../../../lib/api-request.ts';
import { removeCachedAnalyses } from '../../analysis/index.ts';
import { showPlanEditFailure, showPlanEditNotice } from '../plan-edit-store.ts';
import { editText, type EditedSession } from '../session-edit-text.ts';
import { trainingPlansQueryKey } from './training-plans.ts';

export interface PlanEditRequest {
  planId: string;
  edit: PlanEdit;
  /** The day's session as the athlete saw it (null on a free day): the banner names it. */
  session: EditedSession | null;
  /**
   * Where a refusal is shown: 'banner' for an edit made without a form (a drop on the calendar,
   * Delete in a menu), 'form' when the form that sent it shows the message in place.
   */
  failure: 'banner' | 'form';
}

/**
 * POST /api/training-plans/:id/edits (issue 30): the edit is stored as an accepted adjustment, and
 * the banner offers to undo it. Everything that shows the plan's days is read again: the plans'
 * queries here, the calendar and the day plan after any mutation (lib/query-client.ts); cached
 * analyses go, since their next session follows the plan.
 */
export function usePlanEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, edit }: PlanEditRequest) =>
      readJson(await apiRequest('POST', `/api/training-plans/${encodeURIComponent(planId)}/edits`, edit), planAdjustment),
    onSuccess: (adjustment, { planId, edit, session }) => showPlanEditNotice({ planId, adjustmentId: adjustment.id, text: editText(edit, session) }),
    onError: (error, { failure }) => {
      if (failure === 'banner') showPlanEditFailure(userFacingMessage(error, 'The plan could not be changed. Try again.'));
    },
    onSettled: async () => {
      removeCachedAnalyses(queryClient);
      await queryClient.invalidateQueries({ queryKey: trainingPlansQueryKey });
    },
  });
}
