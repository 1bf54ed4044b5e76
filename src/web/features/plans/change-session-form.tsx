import { useState } from 'react';
import { EDIT_LIMITS, editFocuses, PLAN_EDIT_MESSAGES, type EditFocus } from '../../../shared/api/plan-edits.ts';
import { TextField } from '../../ui/text-field.tsx';
import { EditForm } from './edit-form.tsx';
import type { EditFormHandlers } from './edit-form-props.ts';
import { FOCUS_LABELS } from './edit-labels.ts';
import type { EditedSession } from './session-edit-text.ts';
import { SelectField } from './select-field.tsx';

const KEEP = 'keep';
const KIND_OPTIONS: readonly (readonly [EditFocus | typeof KEEP, string])[] = [[KEEP, 'Keep its kind'], ...editFocuses.map((focus) => [focus, FOCUS_LABELS[focus]] as const)];

/** Change a session's minutes or its kind (the same sport), or both. */
export function ChangeSessionForm({ date, session, onCancel, onSave, pending, error }: EditFormHandlers & { session: EditedSession }) {
  const [minutes, setMinutes] = useState(String(session.durationMin));
  const [focus, setFocus] = useState<EditFocus | typeof KEEP>(KEEP);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <EditForm
      submitLabel="Save change"
      pending={pending}
      error={error}
      onCancel={onCancel}
      onSubmit={() => {
        const typed = minutes.trim();
        const durationMin = /^\d{1,4}$/.test(typed) ? Number(typed) : null;
        if (durationMin === null || durationMin < EDIT_LIMITS.minSessionMin || durationMin > EDIT_LIMITS.maxSessionMin) {
          setProblem(PLAN_EDIT_MESSAGES.sessionMinutes);
          return;
        }
        const newMinutes = durationMin === session.durationMin ? undefined : durationMin;
        const newFocus = focus === KEEP ? undefined : focus;
        if (newMinutes === undefined && newFocus === undefined) {
          setProblem(PLAN_EDIT_MESSAGES.changeNothing);
          return;
        }
        setProblem(null);
        onSave({ kind: 'change', date, durationMin: newMinutes, focus: newFocus });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Minutes" inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.target.value)} error={problem ?? undefined} />
        <SelectField label="Kind of session" value={focus} onChange={setFocus} options={KIND_OPTIONS} />
      </div>
    </EditForm>
  );
}
