import { Spinner } from '../../ui/spinner.tsx';

/** Above an analysis written before the athlete's history was all in: Kai writes it again then, and the page follows. */
export function AnalysisHistoryPendingNote() {
  return (
    <p role="status" className="flex items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg-muted">
      <Spinner className="size-4 shrink-0" />
      Kai is still reading your history. Fitness and zones below count only part of it; this analysis is written again, from all of it, once it is in.
    </p>
  );
}
