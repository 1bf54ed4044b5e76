import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  planTitle,
  trainingPlanDeleted,
  trainingPlanList,
  trainingPlanSaved,
  trainingPlanSwitchedBack,
  trainingPlanToggle,
  trainingPlanView,
  type NamedPlan,
  type TrainingPlanCreate,
  type TrainingPlanSaved,
} from '../../../../shared/api/training-plans.ts';
import { apiRequest, readJson, sendRequest, userFacingMessage } from '../../../lib/api-request.ts';
import { fileNameFromContentDisposition, saveFile, workoutFileError } from '../../exports/index.ts';
import { showToast } from '../../../ui/toast-store.ts';
import { removeCachedAnalyses } from '../../analysis/index.ts';
import { trackUserEvent } from '../../tracking/index.ts';
import { clearPlanSwitch, recordPlanSwitch, type PlanSwitch } from './plan-switch-store.ts';

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

const namedList = (plans: readonly NamedPlan[]) => plans.map((plan) => `"${plan.name}"`).join(', ');

/**
 * POST (create) or PUT (update, with id) /api/training-plans, with the spec §8 success toast. A
 * failure is the caller's to show (the dialog shows it inside itself, where it is seen); a plan
 * that switched others off leaves a PlanSwitch for the plans list's notice and its Undo (ADR 0070).
 */
export function useSavePlan(options: { onSaved: (plan: TrainingPlanSaved) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TrainingPlanCreate }) => {
      const response = id ? await apiRequest('PUT', '/api/training-plans', { ...input, id }) : await apiRequest('POST', '/api/training-plans', input);
      return readJson(response, trainingPlanSaved);
    },
    onSuccess: async (plan, { id }) => {
      trackUserEvent({ eventType: 'training_plan', eventName: id ? 'plan_update' : 'plan_create', eventData: { planId: plan.id, preparationType: plan.preparationType } });
      recordPlanSwitch({ plan: { id: plan.id, name: planTitle(plan) }, cause: id ? 'updated' : 'created', switchedOff: plan.switchedOff });
      showToast({
        title: 'Success!',
        description: `Your training plan has been ${id ? 'updated' : 'created'} successfully.${plan.switchedOff.length > 0 ? ` ${namedList(plan.switchedOff)} was switched off: it ran on the same days.` : ''}`,
      });
      await plansChanged(queryClient);
      options.onSaved(plan);
    },
  });
}

/** The words of a failed save: the server's message, else the spec §8 text. */
export function saveFailedMessage(error: unknown, isUpdate: boolean): string {
  return userFacingMessage(error, `Failed to ${isUpdate ? 'update' : 'create'} training plan. Please try again.`);
}

/** PATCH /api/training-plans/{id}/toggle, for the plan as shown (whether it is on says which way it goes). */
export function useTogglePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (plan: { id: string; isActive: boolean; name: string }) =>
      readJson(await apiRequest('PATCH', `/api/training-plans/${encodeURIComponent(plan.id)}/toggle`), trainingPlanToggle),
    onSuccess: async ({ id, isActive, switchedOff }, plan) => {
      trackUserEvent({ eventType: 'training_plan', eventName: isActive ? 'plan_activate' : 'plan_deactivate', eventData: { planId: id } });
      if (isActive) recordPlanSwitch({ plan: { id, name: plan.name }, cause: 'switched-on', switchedOff });
      showToast(
        isActive
          ? {
              title: 'Plan activated',
              description:
                switchedOff.length > 0
                  ? `This plan will be factored into your AI coaching analysis. ${namedList(switchedOff)} was switched off: it ran on the same days.`
                  : 'This plan will be factored into your AI coaching analysis.',
            }
          : { title: 'Plan deactivated', description: 'This plan will be ignored in your AI coaching analysis.' },
      );
      await plansChanged(queryClient);
    },
    onError: (error, plan) => {
      showToast({
        tone: 'error',
        title: plan.isActive ? `Could not switch "${plan.name}" off` : `Could not switch "${plan.name}" on`,
        description: userFacingMessage(error, 'The plan was left as it was. Please try again.'),
      });
    },
  });
}

/**
 * POST /api/training-plans/{id}/switch-back: the Undo of a switch (ADR 0070). Done, the notice goes;
 * refused (409: a plan would now share days with another active one), the caller shows why.
 */
export function useSwitchBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PlanSwitch) =>
      readJson(
        await apiRequest('POST', `/api/training-plans/${encodeURIComponent(change.plan.id)}/switch-back`, { switchOn: change.switchedOff.map((plan) => plan.id) }),
        trainingPlanSwitchedBack,
      ),
    onSuccess: async ({ switchedOn }, change) => {
      trackUserEvent({ eventType: 'training_plan', eventName: 'plan_switch_undo', eventData: { planId: change.plan.id } });
      clearPlanSwitch();
      showToast({ title: 'Undone', description: `"${change.plan.name}" is off again; ${namedList(switchedOn)} ${switchedOn.length > 1 ? 'are' : 'is'} back on.` });
      await plansChanged(queryClient);
    },
    // Refused because the plans changed since (in another tab, say): the list shows them as they now are.
    onError: () => queryClient.invalidateQueries({ queryKey: trainingPlansQueryKey }),
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
