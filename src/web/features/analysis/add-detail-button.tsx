import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { Button } from '../../ui/button.tsx';
import { useUpdateActivityDetail, type ActivityDetailChoice } from './api/update-activity-detail.ts';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';

const AddDetailDialog = lazyDialog(() => import('./add-detail-dialog.tsx').then((module) => module.AddDetailDialog));

function unchanged(view: AnalysisView, choice: ActivityDetailChoice): boolean {
  return view.activityDetailType === choice.activityDetailType && (view.activityDetailNote ?? undefined) === choice.activityDetailNote;
}

/** 'Add detail': opens the ride-detail modal and has Kai rewrite the analysis with the context (spec §4 Activity detail). */
export function AddDetailButton({ activityId, isRide, view, disabled }: { activityId: string; isRide: boolean; view: AnalysisView | undefined; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateActivityDetail(activityId);

  function save(choice: ActivityDetailChoice) {
    if (view && unchanged(view, choice)) return;
    update.mutate(choice);
  }

  return (
    <>
      <Button variant="secondary" size="sm" disabled={disabled || view === undefined} onClick={() => setOpen(true)}>
        <MessageSquarePlus aria-hidden className="size-4" />
        Add detail
      </Button>
      <AddDetailDialog
        isRide={isRide}
        open={open}
        onOpenChange={setOpen}
        initialSelectedOption={view?.activityDetailType ?? null}
        initialCustomNote={view?.activityDetailNote ?? ''}
        onSave={save}
      />
    </>
  );
}
