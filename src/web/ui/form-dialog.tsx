import type { ReactNode } from 'react';
import { Dialog, type DialogOpenState } from './dialog.tsx';

/** What the form inside a FormDialog is handed: Cancel closes the dialog; Save closes it and passes the choice on. */
export interface FormDialogActions<Choice> {
  onCancel: () => void;
  onSave: (choice: Choice) => void;
}

interface FormDialogProps<Choice> extends DialogOpenState {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  onSave: (choice: Choice) => void;
  /**
   * The form. It is mounted only while the dialog is open, so each opening starts from what is
   * saved, and Cancel or closing forgets the edits.
   */
  children: (actions: FormDialogActions<Choice>) => ReactNode;
}

/** A dialog that holds one form and closes when the form is cancelled or saved. */
export function FormDialog<Choice>({ onSave, children, ...dialog }: FormDialogProps<Choice>) {
  const close = () => dialog.onOpenChange(false);
  return (
    <Dialog {...dialog}>
      {children({
        onCancel: close,
        onSave: (choice) => {
          close();
          onSave(choice);
        },
      })}
    </Dialog>
  );
}
