import { Trash2 } from 'lucide-react';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { QuietDialogLink } from '../../ui/quiet-dialog-link.tsx';

const DeleteAccountDialog = lazyDialog(() => import('./delete-account-dialog.tsx').then((module) => module.DeleteAccountDialog));

/** The account panel's quiet 'Delete my account' link; its dialog loads at the first opening. */
export function DeleteAccountButton() {
  return <QuietDialogLink dialog={DeleteAccountDialog} icon={Trash2} label="Delete my account" danger />;
}
