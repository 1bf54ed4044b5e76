import { Download } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';

const DataExportDialog = lazyDialog(() => import('./data-export-dialog.tsx').then((module) => module.DataExportDialog));

/** The account panel's 'Download my data' link; its dialog loads at the first opening. */
export function DownloadDataButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={DataExportDialog.preload}
        onFocus={DataExportDialog.preload}
        className="flex items-center justify-center gap-1.5 self-center rounded text-xs font-medium text-fg-subtle transition-colors hover:text-fg"
      >
        <Download aria-hidden className="size-3.5" />
        Download my data
      </button>
      <DataExportDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
