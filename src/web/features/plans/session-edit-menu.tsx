import { CalendarArrowUp, Ellipsis, Gauge, Replace, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { usePlanEdit } from './api/plan-edits.ts';
import { LazySessionEditDialog, type SessionEditMode } from './lazy-session-edit-dialog.ts';
import type { EditedSession } from './session-edit-text.ts';

interface SessionEditMenuProps {
  planId: string;
  date: string;
  session: EditedSession;
  className?: string;
}

/**
 * A planned session's edits (issue 30), the way for the keyboard and on a phone (the calendar also
 * takes a drag): move it to another day, change its duration or intensity, replace it, or delete
 * it. Each but Delete opens a dialog whose code loads at its first opening.
 */
export function SessionEditMenu({ planId, date, session, className }: SessionEditMenuProps) {
  const [mode, setMode] = useState<SessionEditMode | null>(null);
  const [lastMode, setLastMode] = useState<SessionEditMode>('move');
  const edit = usePlanEdit();
  const open = (next: SessionEditMode) => {
    setLastMode(next);
    setMode(next);
  };
  return (
    <>
      <DropdownMenu
        trigger={
          <IconButton
            label={`Edit ${session.name} on ${formatShortCalendarDay(date)}`}
            icon={<Ellipsis aria-hidden className="size-4" />}
            className={className ?? 'size-7 shrink-0'}
            onPointerEnter={LazySessionEditDialog.preload}
            onFocus={LazySessionEditDialog.preload}
          />
        }
      >
        <DropdownMenuItem icon={<CalendarArrowUp className="size-4" />} label="Move to another day…" onSelect={() => open('move')} />
        <DropdownMenuItem icon={<Gauge className="size-4" />} label="Change duration or intensity…" onSelect={() => open('change')} />
        <DropdownMenuItem icon={<Replace className="size-4" />} label="Replace with another session…" onSelect={() => open('replace')} />
        <DropdownMenuItem
          icon={<Trash2 className="size-4" />}
          label="Delete"
          hint="You can undo it"
          disabled={edit.isPending}
          onSelect={() => edit.mutate({ planId, edit: { kind: 'delete', date }, session, failure: 'banner' })}
        />
      </DropdownMenu>
      <LazySessionEditDialog
        open={mode !== null}
        onOpenChange={(next) => !next && setMode(null)}
        mode={mode ?? lastMode}
        planId={planId}
        date={date}
        session={session}
      />
    </>
  );
}
