import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useDeletePlan } from './api/training-plans.ts';

interface DeletePlanDialogProps {
  /** The plan to delete; null keeps the dialog closed. */
  planId: string | null;
  onClose: () => void;
}

/** Spec §2 Delete confirmation: 'Delete Training Plan', cannot be undone, Cancel / Delete ('Deleting...'). */
export function DeletePlanDialog({ planId, onClose }: DeletePlanDialogProps) {
  const remove = useDeletePlan({ onDeleted: onClose });
  return (
    <Dialog
      open={planId !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Delete Training Plan"
      description="Are you sure you want to delete this training plan? This action cannot be undone."
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" disabled={remove.isPending} onClick={() => planId && remove.mutate(planId)}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
