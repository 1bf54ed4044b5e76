import { Download } from 'lucide-react';
import { DATA_EXPORT_LINK_HOURS, type DataExportStatus } from '../../../shared/api/data-export.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useDataExport, useRefreshDataExport, useStartDataExport } from './api/data-export.ts';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;

/**
 * "Download my data" (issue 31, ADR 0078): starts the export, shows its progress while the zip is
 * built in the background (it goes on if the dialog closes), then the one-time link and until when
 * it works.
 */
export function DataExportDialog({ open, onOpenChange }: DialogOpenState) {
  const status = useDataExport(open);
  const start = useStartDataExport();
  const refresh = useRefreshDataExport();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Download my data"
      description="One zip of everything Kairo holds for you: your uploaded files, each activity's figures and samples, analyses, plans, check-ins, conversations and settings."
    >
      <p className="mt-3 text-sm text-fg-muted">
        Where this Kairo applies Strava’s terms strictly, activities synced from Strava stay out; the zip’s README.txt says what is in it and what is
        not, and how to get those from Strava.
      </p>
      <div className="mt-6" aria-live="polite">
        {status.isPending ? (
          <div className="flex items-center gap-3 text-sm text-fg-muted">
            <Spinner />
            Loading...
          </div>
        ) : status.isError ? (
          <Alert tone="error" action={{ label: 'Try again', onClick: () => void status.refetch() }}>
            {userFacingMessage(status.error, 'This could not be loaded.')}
          </Alert>
        ) : (
          <ExportState status={status.data} onDownloaded={() => window.setTimeout(refresh, 1_000)} />
        )}
        {start.isError && (
          <Alert tone="error" className="mt-4">
            {userFacingMessage(start.error, 'Your export could not be started. Please try again.')}
          </Alert>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
        {status.data && status.data.state !== 'queued' && status.data.state !== 'running' && (
          <Button variant={status.data.downloadUrl ? 'secondary' : 'primary'} onClick={() => start.mutate()} disabled={start.isPending}>
            {start.isPending ? 'Starting...' : status.data.state === 'none' ? 'Prepare my data' : 'Prepare a new export'}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

function ExportState({ status, onDownloaded }: { status: DataExportStatus; onDownloaded: () => void }) {
  switch (status.state) {
    case 'none':
      return <p className="text-sm text-fg-muted">The zip is built in the background; a large history takes a few minutes. The link then works once, for {DATA_EXPORT_LINK_HOURS} hours.</p>;
    case 'queued':
    case 'running': {
      const { done, total } = status.progress;
      return (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-fg">{status.state === 'queued' ? 'Waiting to start...' : `Writing activity ${done} of ${total}...`}</p>
          <ProgressBar label="Export progress" fraction={status.state === 'running' && total > 0 ? done / total : null} />
          <p className="text-xs text-fg-subtle">You can close this: the export goes on, and the link is here when it is ready.</p>
        </div>
      );
    }
    case 'ready':
      return status.downloadUrl ? (
        <div className="flex flex-col gap-3">
          <a href={status.downloadUrl} download onClick={onDownloaded} className={buttonClasses({ variant: 'primary' })}>
            <Download aria-hidden className="size-4" />
            Download the zip{status.byteSize !== null ? ` (${megabytes(status.byteSize)})` : ''}
          </a>
          <p className="text-xs text-fg-subtle">
            The link works once, until {status.expiresAt ? formatDateTime(status.expiresAt) : `${DATA_EXPORT_LINK_HOURS} hours after it was made`}.
          </p>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">
          This export was downloaded{status.downloadedAt ? ` on ${formatDateTime(status.downloadedAt)}` : ''}. Its link worked once; prepare a new export for
          another copy.
        </p>
      );
    case 'failed':
      return <Alert tone="error">{status.error ?? 'Your export could not be built. Please try again.'}</Alert>;
  }
}
