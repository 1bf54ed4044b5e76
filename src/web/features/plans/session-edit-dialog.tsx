import type { PlanEdit } from '../../../shared/api/plan-edits.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { usePlanEdit } from './api/plan-edits.ts';
import { ChangeSessionForm } from './change-session-form.tsx';
import type { SessionEditMode } from './lazy-session-edit-dialog.ts';
import { MoveSessionForm } from './move-session-form.tsx';
import { NewSessionForm } from './new-session-form.tsx';
import type { EditedSession } from './session-edit-text.ts';

export interface SessionEditDialogProps extends DialogOpenState {
  mode: SessionEditMode;
  planId: string;
  date: string;
  /** The day's session; null on a free day (mode 'add'). */
  session: EditedSession | null;
}

/** What each mode's dialog is called and says. */
const TEXTS: Record<SessionEditMode, { title: string; description: (name: string, day: string) => string }> = {
  move: { title: 'Move session', description: (name, day) => `${name} on ${day} moves to a day of the plan without a session.` },
  change: { title: 'Change session', description: (name, day) => `${name} on ${day}: its minutes, its kind, or both.` },
  replace: { title: 'Replace session', description: (name, day) => `${name} on ${day} makes way for one of the plan's sessions or a workout you build.` },
  add: { title: 'Add a session', description: (_name, day) => `${day} is free: put one of the plan's sessions or a workout you build on it.` },
};

/**
 * The plan editor (issue 30): one dialog per edit, each sending POST /api/training-plans/:id/edits.
 * A refusal (a day already over, one that holds a session) is shown in place and the dialog stays;
 * a saved edit closes it and the banner offers Undo.
 */
export function SessionEditDialog({ mode, planId, date, session, ...openState }: SessionEditDialogProps) {
  const edit = usePlanEdit();
  const day = formatShortCalendarDay(date);
  const close = () => {
    edit.reset();
    openState.onOpenChange(false);
  };
  const save = (request: PlanEdit) =>
    edit.mutate({ planId, edit: request, session, failure: 'form' }, { onSuccess: () => openState.onOpenChange(false) });
  const form = { onCancel: close, onSave: save, pending: edit.isPending, error: edit.error, date };
  return (
    <Dialog
      {...openState}
      onOpenChange={(open) => (open ? openState.onOpenChange(true) : close())}
      title={TEXTS[mode].title}
      description={TEXTS[mode].description(session?.name ?? '', day)}
      wide={mode === 'replace' || mode === 'add'}
      focusFirstField={mode === 'move' || mode === 'change'}
    >
      {mode === 'move' && <MoveSessionForm {...form} planId={planId} />}
      {mode === 'change' && session && <ChangeSessionForm {...form} session={session} />}
      {(mode === 'replace' || mode === 'add') && <NewSessionForm {...form} kind={mode} />}
    </Dialog>
  );
}
