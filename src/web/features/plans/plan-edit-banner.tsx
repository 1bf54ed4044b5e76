import { Undo2, X } from 'lucide-react';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { useDecideAdjustment } from './api/plan-adjustments.ts';
import { dismissPlanEditNotice, getPlanEditNotice, subscribeToPlanEditNotice, type PlanEditNotice } from './plan-edit-store.ts';

/**
 * The athlete's last edit of their plan, with Undo (issue 30): it stays at the foot of the screen
 * until undone, dismissed or replaced by the next edit, so it never runs away before it is read.
 * The plan's history of changes keeps every edit's Undo after it is gone.
 */
export function PlanEditBanner() {
  const notice = useSyncExternalStore(subscribeToPlanEditNotice, getPlanEditNotice);
  if (!notice) return null;
  if (notice.tone === 'error') {
    return (
      <Frame>
        <div role="alert" className={PANEL}>
          <p className="min-w-0 flex-1 font-medium text-danger">{notice.text}</p>
          <DismissButton />
        </div>
      </Frame>
    );
  }
  return <DoneBanner key={notice.adjustmentId} notice={notice} />;
}

const PANEL =
  'pointer-events-auto flex w-full max-w-xl flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line-strong bg-surface-raised p-3 pl-4 text-sm shadow-2xl shadow-black/50';

function Frame({ children }: { children: ReactNode }) {
  return <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-center p-3 sm:p-5">{children}</div>;
}

function DismissButton() {
  return (
    <button type="button" aria-label="Dismiss" onClick={dismissPlanEditNotice} className="rounded-md p-1.5 text-fg-subtle transition-colors hover:bg-line hover:text-fg">
      <X aria-hidden className="size-4" />
    </button>
  );
}

function DoneBanner({ notice }: { notice: Extract<PlanEditNotice, { tone: 'done' }> }) {
  const undo = useDecideAdjustment(notice.planId);
  const [undone, setUndone] = useState(false);
  return (
    <Frame>
      <div role="status" className={PANEL}>
        <p className="min-w-0 flex-1 font-medium text-fg">{undone ? `Undone: ${notice.text}` : notice.text}</p>
        {!undone && (
          <Button
            size="sm"
            variant="secondary"
            disabled={undo.isPending}
            onClick={() => undo.mutate({ id: notice.adjustmentId, action: 'undo' }, { onSuccess: () => setUndone(true) })}
          >
            <Undo2 aria-hidden className="size-4" />
            Undo
          </Button>
        )}
        <DismissButton />
        {undo.isError && (
          <p role="alert" className="w-full text-danger">
            {userFacingMessage(undo.error, 'The change could not be undone. Try again.')}
          </p>
        )}
      </div>
    </Frame>
  );
}
