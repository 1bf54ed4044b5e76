import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';

const DeleteAccountDialog = lazyDialog(() => import('./delete-account-dialog.tsx').then((module) => module.DeleteAccountDialog));

/** The account panel's quiet 'Delete my account' link; its dialog loads at the first opening. */
export function DeleteAccountButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={DeleteAccountDialog.preload}
        onFocus={DeleteAccountDialog.preload}
        className="flex items-center justify-center gap-1.5 self-center rounded text-xs font-medium text-fg-subtle transition-colors hover:text-danger"
      >
        <Trash2 aria-hidden className="size-3.5" />
        Delete my account
      </button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
