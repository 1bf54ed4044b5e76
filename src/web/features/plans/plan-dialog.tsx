import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { PlanForm } from './plan-form.tsx';
import type { PlanDraft } from './plan-prefill.ts';

interface PlanDialogProps extends DialogOpenState {
  /** The plan being edited; null to create one. */
  plan: TrainingPlanView | null;
  /** Create mode: what a profile card fills in. */
  draft?: PlanDraft | null;
}

/** Create/Edit plan dialog (spec §2, §4, §5); after saving it closes and goes to /training-plan. */
export function PlanDialog({ plan, draft = null, ...openState }: PlanDialogProps) {
  return (
    <Dialog
      {...openState}
      title={plan ? 'Edit training plan' : 'Create a training plan'}
      description="Kai builds the plan from your recent activities and the goal you describe."
      className="max-w-2xl"
    >
      <PlanForm plan={plan} draft={draft} onClose={() => openState.onOpenChange(false)} />
    </Dialog>
  );
}
