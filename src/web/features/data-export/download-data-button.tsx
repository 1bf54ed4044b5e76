import { Download } from 'lucide-react';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { QuietDialogLink } from '../../ui/quiet-dialog-link.tsx';

const DataExportDialog = lazyDialog(() => import('./data-export-dialog.tsx').then((module) => module.DataExportDialog));

/** The account panel's 'Download my data' link; its dialog loads at the first opening. */
export function DownloadDataButton() {
  return <QuietDialogLink dialog={DataExportDialog} icon={Download} label="Download my data" />;
}
