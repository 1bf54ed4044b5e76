import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './modal-dialog.tsx';

/** What the opener of a dialog holds: whether it shows, and how the dialog asks to close. */
export interface DialogOpenState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const ModalDialog = lazy(() => import('./modal-dialog.tsx').then((module) => ({ default: module.ModalDialog })));

/**
 * A modal dialog: focus is trapped inside, the page behind is inert and dimmed, and closing it
 * returns focus to its opener. A dismissible one (with onOpenChange) also has a close button in
 * its corner. The dialog machinery loads at the first opening (most screens open no dialog), then
 * stays mounted so closing can animate and hand focus back.
 */
export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
