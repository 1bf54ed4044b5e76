import { useState } from 'react';
import { PLAN_EDIT_MESSAGES } from '../../../shared/api/plan-edits.ts';
import { isCalendarDay } from '../../../shared/api/wellness.ts';
import { localDay } from '../../lib/local-day.ts';
import { TextField } from '../../ui/text-field.tsx';
import { EditForm } from './edit-form.tsx';
import type { EditFormHandlers } from './edit-form-props.ts';

/** Move a session to another day: a date field, so the keyboard and a phone do what a drag does on the calendar. */
export function MoveSessionForm({ date, onCancel, onSave, pending, error }: EditFormHandlers) {
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <EditForm
      submitLabel="Move"
      pending={pending}
      error={error}
      onCancel={onCancel}
      onSubmit={() => {
        if (!isCalendarDay(to)) setProblem('Choose the day to move it to.');
        else if (to === date) setProblem(PLAN_EDIT_MESSAGES.sameDay);
        else {
          setProblem(null);
          onSave({ kind: 'move', from: date, to });
        }
      }}
    >
      <TextField
        label="Move to"
        type="date"
        min={localDay()}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={problem ?? undefined}
      />
    </EditForm>
  );
}
