import { Spinner } from '../../ui/spinner.tsx';

/** Under the header of a profile written before the athlete's history was all in (it is written again then). */
export function HistoryPendingNote() {
  return (
    <p role="status" className="flex items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg-muted">
      <Spinner className="size-4 shrink-0" />
      Kai is still reading your activity history. This profile is written again, from all of it, once it is in.
    </p>
  );
}
