import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  trainingPlanDeleted,
  trainingPlanList,
  trainingPlanToggle,
  trainingPlanView,
  type TrainingPlanInput,
  type TrainingPlanView,
} from '../../../../shared/api/training-plans.ts';
import { apiRequest, readJson, sendRequest, userFacingMessage } from '../../../lib/api-request.ts';
import { fileNameFromContentDisposition, saveFile, workoutFileError } from '../../exports/index.ts';
import { showToast } from '../../../ui/toast-store.ts';
import { removeCachedAnalyses } from '../../analysis/index.ts';
import { trackUserEvent } from '../../tracking/index.ts';

export const trainingPlansQueryKey = ['/api/training-plans'] as const;
/** Spec §9: training plans are cached 10 minutes. */
const PLANS_STALE_MS = 10 * 60_000;

/**
 * After a plan was saved, toggled or deleted: the list is read again, and cached analyses are
 * dropped because the active plans feed them (the server rewrites each one when next read).
 */
async function plansChanged(queryClient: QueryClient): Promise<void> {
  removeCachedAnalyses(queryClient);
  await queryClient.invalidateQueries({ queryKey: trainingPlansQueryKey });
}

/** GET /api/training-plans (spec §7: cached 10 min, no retry). */
export function useTrainingPlans() {
  return useQuery({
    queryKey: trainingPlansQueryKey,
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', '/api/training-plans', undefined, { signal }), trainingPlanList),
    staleTime: PLANS_STALE_MS,
    gcTime: PLANS_STALE_MS,
    retry: false,
  });
}

/** GET /api/training-plans/{id}: one plan with its generated plan. */
export function useTrainingPlan(id: string | null) {
  return useQuery({
    queryKey: [...trainingPlansQueryKey, id],
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', `/api/training-plans/${encodeURIComponent(id ?? '')}`, undefined, { signal }), trainingPlanView),
    enabled: id !== null,
    staleTime: PLANS_STALE_MS,
    retry: false,
  });
}

/** POST (create) or PUT (update, with id) /api/training-plans, with the spec §8 toasts. */
export function useSavePlan(options: { onSaved: (plan: TrainingPlanView) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TrainingPlanInput }) => {
      const response = id ? await apiRequest('PUT', '/api/training-plans', { ...input, id }) : await apiRequest('POST', '/api/training-plans', input);
      return readJson(response, trainingPlanView);
    },
    onSuccess: async (plan, { id }) => {
      trackUserEvent({ eventType: 'training_plan', eventName: id ? 'plan_update' : 'plan_create', eventData: { planId: plan.id, preparationType: plan.preparationType } });
      showToast({ title: 'Success!', description: `Your training plan has been ${id ? 'updated' : 'created'} successfully.` });
      await plansChanged(queryClient);
      options.onSaved(plan);
    },
    onError: (error, { id }) => {
      showToast({ tone: 'error', title: 'Error', description: userFacingMessage(error, `Failed to ${id ? 'update' : 'create'} training plan. Please try again.`) });
    },
  });
}

/** PATCH /api/training-plans/{id}/toggle. */
export function useTogglePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson(await apiRequest('PATCH', `/api/training-plans/${id}/toggle`), trainingPlanToggle),
    onSuccess: async ({ id, isActive }) => {
      trackUserEvent({ eventType: 'training_plan', eventName: isActive ? 'plan_activate' : 'plan_deactivate', eventData: { planId: id } });
      showToast(
        isActive
          ? { title: 'Plan activated', description: 'This plan will be factored into your AI coaching analysis.' }
          : { title: 'Plan deactivated', description: 'This plan will be ignored in your AI coaching analysis.' },
      );
      await plansChanged(queryClient);
    },
    onError: (error) => {
      // A refusal says why (another active plan runs at the same time, ADR 0029); anything else is the generic text.
      showToast({ tone: 'error', title: 'Toggle failed', description: userFacingMessage(error, 'Failed to update plan status. Please try again.') });
    },
  });
}

/** DELETE /api/training-plans/{id}. */
export function useDeletePlan(options: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson(await apiRequest('DELETE', `/api/training-plans/${id}`), trainingPlanDeleted),
    onSuccess: async (_result, id) => {
      trackUserEvent({ eventType: 'training_plan', eventName: 'plan_delete', eventData: { planId: id } });
      showToast({ title: 'Training plan deleted' });
      options.onDeleted();
      await plansChanged(queryClient);
    },
    onError: () => {
      showToast({ tone: 'error', title: 'Delete failed', description: 'Failed to delete training plan. Please try again.' });
    },
  });
}

/** GET /api/training-plans/{id}/workouts.zip (Pro): the plan's cycling workouts, saved to downloads; the file's name. */
export async function downloadPlanWorkouts(id: string): Promise<string> {
  const response = await sendRequest('GET', `/api/training-plans/${encodeURIComponent(id)}/workouts.zip`);
  if (!response.ok) throw await workoutFileError(response);
  const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition'), 'workouts.zip');
  saveFile(await response.blob(), fileName);
  return fileName;
}

export function useDownloadPlanWorkouts(id: string) {
  return useMutation({ mutationFn: () => downloadPlanWorkouts(id) });
}
