import { useState } from 'react';
import { EDIT_LIMITS, editFocuses, editSports, PLAN_EDIT_MESSAGES, type EditFocus, type EditSport } from '../../../shared/api/plan-edits.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { EditForm } from './edit-form.tsx';
import type { EditFormHandlers } from './edit-form-props.ts';
import { FOCUS_LABELS, SPORT_LABELS } from './edit-labels.ts';
import { SelectField } from './select-field.tsx';
import { WorkoutBuilder } from './workout-builder.tsx';
import { newWorkoutDraft, useWorkoutForm } from './use-workout-form.ts';

const SOURCES = { workout: 'A workout I build', focus: "One of the plan's sessions" } as const;
type Source = keyof typeof SOURCES;

const SPORT_OPTIONS = editSports.map((sport) => [sport, SPORT_LABELS[sport]] as const);
const FOCUS_OPTIONS = editFocuses.map((focus) => [focus, FOCUS_LABELS[focus]] as const);

/**
 * Put a new session on the day, in place of its session ('replace') or on a free day ('add'):
 * a workout the athlete builds from steps, or one of the plan's kinds of session at chosen minutes.
 */
export function NewSessionForm({ kind, date, onCancel, onSave, pending, error }: EditFormHandlers & { kind: 'replace' | 'add' }) {
  const [source, setSource] = useState<Source>('workout');
  const [sport, setSport] = useState<EditSport>('cycling');
  const [focus, setFocus] = useState<EditFocus>('endurance');
  const [minutes, setMinutes] = useState('60');
  const [minutesProblem, setMinutesProblem] = useState<string | null>(null);
  const workout = useWorkoutForm(newWorkoutDraft());
  return (
    <EditForm
      submitLabel={kind === 'add' ? 'Add to plan' : 'Replace session'}
      pending={pending}
      error={error}
      onCancel={onCancel}
      onSubmit={() => {
        if (source === 'workout') {
          const built = workout.submit();
          if (built) onSave({ kind, date, session: built });
          return;
        }
        const typed = minutes.trim();
        const durationMin = /^\d{1,4}$/.test(typed) ? Number(typed) : null;
        if (durationMin === null || durationMin < EDIT_LIMITS.minSessionMin || durationMin > EDIT_LIMITS.maxSessionMin) {
          setMinutesProblem(PLAN_EDIT_MESSAGES.sessionMinutes);
          return;
        }
        setMinutesProblem(null);
        onSave({ kind, date, session: { type: 'focus', sport, focus, durationMin } });
      }}
    >
      <ChoiceGroup label="What goes on the day" value={source} onChange={(value) => setSource(value === 'focus' ? 'focus' : 'workout')} options={SOURCES} />
      {source === 'workout' ? (
        <WorkoutBuilder form={workout} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Sport" value={sport} onChange={setSport} options={SPORT_OPTIONS} />
          <SelectField label="Kind of session" value={focus} onChange={setFocus} options={FOCUS_OPTIONS} />
          <TextField label="Minutes" inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.target.value)} error={minutesProblem ?? undefined} />
        </div>
      )}
    </EditForm>
  );
}
