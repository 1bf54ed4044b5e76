import { CircleAlert, CircleCheck, Copy, FileArchive } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ImportStatus } from '../../../shared/api/imports.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { archiveCounts, archiveProgress, type UploadItem } from './import-queue.ts';

interface ImportResultLineProps {
  item: UploadItem;
  /** The archive import's latest progress, for archive lines. */
  archive: ImportStatus | undefined;
}

function ArchiveLine({ fileName, status }: { fileName: string; status: ImportStatus | undefined }) {
  if (status === undefined) {
    return <Line icon={<Spinner className="size-4" />} fileName={fileName} text="Starting the import..." />;
  }
  if (status.status === 'failed') {
    return <Line icon={<CircleAlert aria-hidden className="size-4 text-danger" />} fileName={fileName} text={status.error ?? 'The import failed.'} />;
  }
  const progress = archiveProgress(status);
  const done = status.status === 'done';
  return (
    <div>
      <Line
        icon={done ? <CircleCheck aria-hidden className="size-4 text-success" /> : <FileArchive aria-hidden className="size-4 text-accent" />}
        fileName={fileName}
        text={
          done
            ? `Done: ${archiveCounts(status)}`
            : progress.fraction === null
              ? 'Waiting to start...'
              : `Importing ${progress.processed} of ${progress.total}: ${archiveCounts(status)}`
        }
      />
      {!done && <ProgressBar label={`Importing ${fileName}`} fraction={progress.fraction} className="mt-2 ml-7" />}
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
