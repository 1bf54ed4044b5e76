import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { FREE_PLAN_LIMIT, FREE_PLAN_LIMIT_MESSAGE, type TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { hasProAccess } from '../../../shared/domain/account-plan.ts';
import { AppLayout, AppSidebar } from '../shell/index.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { trackUserEvent } from '../tracking/index.ts';
import { useTrainingPlans } from './api/training-plans.ts';
import { DeletePlanDialog } from './delete-plan-dialog.tsx';
import { PlanCard } from './plan-card.tsx';
import { PlanDialog } from './plan-dialog.tsx';
import { PlanFilter, type PlanFilterValue } from './plan-filter.tsx';
import { PlanSwitchNotice } from './plan-notice.tsx';
import { PlansEmptyState } from './plans-empty-state.tsx';

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; plan: TrainingPlanView };

/** /training-plan for a connected athlete (spec §2 Training plan list). */
export function TrainingPlansScreen({ user }: { user: AuthUser }) {
  const plans = useTrainingPlans();
  const [filter, setFilter] = useState<PlanFilterValue>('active');
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<string | null>(null);
  const isPro = hasProAccess(user.plan, user.trialExpiryDate);
  const all = plans.data ?? [];
  const counts = { active: all.filter((plan) => plan.isActive).length, inactive: all.filter((plan) => !plan.isActive).length };
  const shown = all.filter((plan) => plan.isActive === (filter === 'active'));
  const atLimit = !isPro && all.length >= FREE_PLAN_LIMIT;
  const filterControl = <PlanFilter value={filter} onChange={setFilter} counts={counts} />;

  const createButton = (
    <DisabledHint hint={atLimit ? FREE_PLAN_LIMIT_MESSAGE : null} className="inline-flex rounded-lg">
      <Button disabled={atLimit} onClick={() => setDialog({ mode: 'create' })}>
        <Plus aria-hidden className="size-4" />
        Create a new plan
      </Button>
    </DisabledHint>
  );

  return (
    <AppLayout
      sidebar={
        <AppSidebar user={user}>
          <h2 className="mb-3 text-xs font-semibold tracking-wider text-fg-subtle uppercase">Plans</h2>
          {filterControl}
        </AppSidebar>
      }
    >
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">Your plans</h1>
          {createButton}
        </header>
        <PlanSwitchNotice />
        <div className="md:hidden">{filterControl}</div>
        {plans.isPending ? (
          <div aria-label="Loading plans" className="flex flex-col gap-4">
            <Skeleton className="h-48 rounded-2xl" />
            <Skeleton className="h-48 rounded-2xl" />
          </div>
        ) : plans.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-surface p-6 text-sm text-fg-muted">
            Failed to load your training plans. Please try again.
          </p>
        ) : all.length === 0 ? (
          <PlansEmptyState
            isPro={isPro}
            onCreate={() => {
              trackUserEvent({ eventType: 'training_plan', eventName: 'create_first_plan' });
              setDialog({ mode: 'create' });
            }}
          />
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line-strong p-6 text-center text-sm text-fg-muted">
            No {filter} plans.
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            {shown.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                onEdit={(chosen) => {
                  trackUserEvent({ eventType: 'training_plan', eventName: 'edit_plan', eventData: { planId: chosen.id } });
                  setDialog({ mode: 'edit', plan: chosen });
                }}
                onDelete={(chosen) => setDeleting(chosen.id)}
              />
            ))}
          </div>
        )}
      </div>
      <PlanDialog
        open={dialog.mode !== 'closed'}
        onOpenChange={(open) => {
          if (!open) setDialog({ mode: 'closed' });
        }}
        plan={dialog.mode === 'edit' ? dialog.plan : null}
      />
      <DeletePlanDialog planId={deleting} onClose={() => setDeleting(null)} />
    </AppLayout>
  );
}
