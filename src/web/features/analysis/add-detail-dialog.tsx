import { useEffect, useRef, useState } from 'react';
import { RIDE_DETAILS, rideDetailTypesFor, type RideDetailType } from '../../../shared/domain/ride-detail.ts';
import type { DialogOpenState } from '../../ui/dialog.tsx';
import { DialogForm } from '../../ui/dialog-form.tsx';
import { FormDialog, type FormDialogActions } from '../../ui/form-dialog.tsx';
import { TextArea } from '../../ui/text-area.tsx';
import type { ActivityDetailChoice } from './api/update-activity-detail.ts';
import { RideDetailOption } from './ride-detail-option.tsx';

/** Spec §9: the custom note scrolls into view once it has been laid out. */
const CUSTOM_NOTE_SCROLL_DELAY_MS = 100;

interface AddDetailDialogProps extends DialogOpenState {
  /** Ride details only on a ride; other sports get the details that fit any sport (issue 14). */
  isRide: boolean;
  initialSelectedOption: RideDetailType | null;
  initialCustomNote: string;
  onSave: (choice: ActivityDetailChoice) => void;
}

/** 'Let Kai know about your ride' (spec §2, §3, §4): one of the seven ride types on a ride, the sport-neutral ones elsewhere, and a note for Custom Note. */
export function AddDetailDialog({ isRide, initialSelectedOption, initialCustomNote, onSave, ...openState }: AddDetailDialogProps) {
  return (
    <FormDialog
      {...openState}
      onSave={onSave}
      title={isRide ? 'Let Kai know about your ride' : 'Let Kai know about your activity'}
      description="This will help Kai analyze your activity more appropriately."
      className="sm:max-w-2xl"
    >
      {(actions) => <AddDetailForm isRide={isRide} initialSelectedOption={initialSelectedOption} initialCustomNote={initialCustomNote} {...actions} />}
    </FormDialog>
  );
}

interface AddDetailFormProps extends FormDialogActions<ActivityDetailChoice> {
  isRide: boolean;
  initialSelectedOption: RideDetailType | null;
  initialCustomNote: string;
}

function AddDetailForm({ isRide, initialSelectedOption, initialCustomNote, onCancel, onSave }: AddDetailFormProps) {
  const [selected, setSelected] = useState(initialSelectedOption);
  const [note, setNote] = useState(initialCustomNote);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const showNote = selected === 'custom-note';

  useEffect(() => {
    if (!showNote) return;
    const timer = setTimeout(() => noteRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }), CUSTOM_NOTE_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [showNote]);

  function save() {
    // The note box belongs to Custom Note: a note typed there does not travel with another type.
    const trimmed = showNote ? note.trim() : '';
    onSave(trimmed ? { activityDetailType: selected, activityDetailNote: trimmed } : { activityDetailType: selected });
  }

  return (
    <DialogForm onSave={save} onCancel={onCancel}>
      <div role="group" aria-label={isRide ? 'Ride type' : 'Activity type'} className="grid gap-2.5 sm:grid-cols-2">
        {rideDetailTypesFor(isRide).map((id) => (
          <RideDetailOption
            key={id}
            option={RIDE_DETAILS[id]}
            selected={selected === id}
            onToggle={() => setSelected((current) => (current === id ? null : id))}
          />
        ))}
      </div>
      {showNote && (
        <TextArea ref={noteRef} label="Custom Note" value={note} onChange={setNote} rows={4} placeholder="What else would you like Kai to know?" />
      )}
    </DialogForm>
  );
}
