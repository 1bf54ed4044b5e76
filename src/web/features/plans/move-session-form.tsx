import { useState } from 'react';
import { PLAN_EDIT_MESSAGES } from '../../../shared/api/plan-edits.ts';
import { isCalendarDay } from '../../../shared/api/wellness.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { localDay } from '../../lib/local-day.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useTrainingPlan } from './api/training-plans.ts';
import { EditForm } from './edit-form.tsx';
import { moveBounds } from './move-bounds.ts';
import type { EditFormHandlers } from './edit-form-props.ts';

/**
 * Move a session to another day: a date field, so the keyboard and a phone do what a drag does on
 * the calendar. It offers only the plan's days from today on (moveBounds) and says the event day
 * is kept; the server refuses any other day all the same.
 */
export function MoveSessionForm({ planId, date, onCancel, onSave, pending, error }: EditFormHandlers & { planId: string }) {
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { lastDay, raceDay } = moveBounds(useTrainingPlan(planId).data);
  const today = localDay();
  return (
    <EditForm
      submitLabel="Move"
      pending={pending}
      error={error}
      onCancel={onCancel}
      onSubmit={() => {
        if (!isCalendarDay(to)) setProblem('Choose the day to move it to.');
        else if (to === date) setProblem(PLAN_EDIT_MESSAGES.sameDay);
        else if (to < today) setProblem(PLAN_EDIT_MESSAGES.past(formatShortCalendarDay(to)));
        else if (to === raceDay) setProblem(PLAN_EDIT_MESSAGES.raceDay(formatShortCalendarDay(to)));
        else if (lastDay && to > lastDay) setProblem(PLAN_EDIT_MESSAGES.notInPlan(formatShortCalendarDay(to)));
        else {
          setProblem(null);
          onSave({ kind: 'move', from: date, to });
        }
      }}
    >
      <TextField
        label="Move to"
        type="date"
        min={today}
        max={lastDay}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={problem ?? undefined}
      />
      {lastDay && (
        <p className="text-sm text-fg-muted">
          A day of the plan from today to {formatShortCalendarDay(lastDay)}
          {raceDay ? `; your event day, ${formatShortCalendarDay(raceDay)}, stays as it is.` : '.'}
        </p>
      )}
    </EditForm>
  );
}
