import { CircleAlert, CircleCheck, CircleSlash, Copy, FileArchive } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ImportStatus } from '../../../shared/api/imports.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCancelImport } from './api/import-status.ts';
import { archiveCounts, archiveProgress, timeLeftText, type UploadItem } from './import-queue.ts';

interface ImportResultLineProps {
  item: UploadItem;
  /** The archive import's latest progress, for archive lines. */
  archive: ImportStatus | undefined;
}

/**
 * An archive import as it stands: a bar with activities handled of all, what became of them, the
 * time left at the rate so far, and Cancel (what came in stays). The dialog and Home's card show it.
 */
export function ArchiveLine({ fileName, status }: { fileName: string; status: ImportStatus | undefined }) {
  const cancel = useCancelImport();
  if (status === undefined) {
    return <Line icon={<Spinner className="size-4" />} fileName={fileName} text="Starting the import..." />;
  }
  if (status.status === 'failed') {
    return <Line icon={<CircleAlert aria-hidden className="size-4 text-danger" />} fileName={fileName} text={status.error ?? 'The import failed.'} />;
  }
  if (status.status === 'cancelled') {
    return (
      <Line
        icon={<CircleSlash aria-hidden className="size-4 text-fg-muted" />}
        fileName={fileName}
        text={`Cancelled after ${archiveProgress(status).processed} of ${status.total}: ${archiveCounts(status)}. What was imported stays.`}
      />
    );
  }
  const progress = archiveProgress(status);
  const done = status.status === 'done';
  const left = timeLeftText(status.secondsLeft);
  return (
    <div>
      <Line
        icon={done ? <CircleCheck aria-hidden className="size-4 text-success" /> : <FileArchive aria-hidden className="size-4 text-accent" />}
        fileName={fileName}
        text={
          done
            ? `Done: ${archiveCounts(status)}`
            : progress.fraction === null || status.status === 'queued'
              ? 'Waiting to start...'
              : `Importing ${progress.processed} of ${progress.total}: ${archiveCounts(status)}${left ? `. ${left}` : ''}`
        }
      />
      {!done && (
        <div className="mt-2 ml-7 flex items-center gap-3">
          <ProgressBar label={`Importing ${fileName}`} fraction={progress.fraction} className="flex-1" />
          <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(status.id)} aria-label={`Cancel importing ${fileName}`}>
            Cancel
          </Button>
        </div>
      )}
      {cancel.isError && (
        <p role="alert" className="mt-1 ml-7 text-xs text-danger">
          {userFacingMessage(cancel.error, 'The import could not be cancelled. Please try again.')}
        </p>
      )}
    </div>
  );
}

function Line({ icon, fileName, text }: { icon: ReactNode; fileName: string; text: string }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">{icon}</span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">{fileName}</p>
        <p className="text-xs break-words text-fg-muted">{text}</p>
      </div>
    </div>
  );
}

/** One chosen file and what became of it. */
export function ImportResultLine({ item, archive }: ImportResultLineProps) {
  const { fileName, state } = item;
  switch (state.kind) {
    case 'waiting':
      return <Line icon={<span aria-hidden className="size-2 rounded-full bg-fg-subtle" />} fileName={fileName} text="Waiting..." />;
    case 'uploading':
      return <Line icon={<Spinner className="size-4" />} fileName={fileName} text="Uploading..." />;
    case 'imported':
      return <Line icon={<CircleCheck aria-hidden className="size-4 text-success" />} fileName={fileName} text={`Imported: ${state.activityName}`} />;
    case 'duplicate':
      return <Line icon={<Copy aria-hidden className="size-4 text-fg-muted" />} fileName={fileName} text={state.message} />;
    case 'failed':
      return <Line icon={<CircleAlert aria-hidden className="size-4 text-danger" />} fileName={fileName} text={state.message} />;
    case 'archive':
      return <ArchiveLine fileName={fileName} status={archive} />;
  }
}
