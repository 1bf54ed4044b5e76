import { Plus } from 'lucide-react';
import { useState } from 'react';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { IconButton } from '../../ui/icon-button.tsx';
import { LazySessionEditDialog } from './lazy-session-edit-dialog.ts';

/** A free day of the plan: add one of the plan's sessions or build a workout for it (issue 30). */
export function AddSessionButton({ planId, date, className }: { planId: string; date: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label={`Add a session on ${formatShortCalendarDay(date)}`}
        icon={<Plus aria-hidden className="size-4" />}
        className={className ?? 'size-7 shrink-0'}
        onPointerEnter={LazySessionEditDialog.preload}
        onFocus={LazySessionEditDialog.preload}
        onClick={() => setOpen(true)}
      />
      <LazySessionEditDialog open={open} onOpenChange={setOpen} mode="add" planId={planId} date={date} session={null} />
    </>
  );
}
