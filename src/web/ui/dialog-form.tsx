import type { ReactNode } from 'react';
import { Button } from './button.tsx';

interface DialogFormProps {
  onSave: () => void;
  onCancel: () => void;
  /** Save stays greyed out while what is entered cannot be saved. */
  saveDisabled?: boolean;
  children: ReactNode;
}

/** A dialog's form: its fields, then Cancel and Save (Enter in a field saves too, as Save is the submit button). */
export function DialogForm({ onSave, onCancel, saveDisabled = false, children }: DialogFormProps) {
  return (
    <form
      className="mt-6 flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saveDisabled}>
          Save
        </Button>
      </div>
    </form>
  );
}
