import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/spinner.tsx';

const ProgressBar = lazy(() => import('../../ui/progress-bar.tsx').then((module) => ({ default: module.ProgressBar })));

/** How far the first Strava sync has come: "312 of 1,204 activities" and the share done (null while Strava still lists). */
export interface HistorySyncProgress {
  text: string;
  fraction: number | null;
}

/**
 * "Syncing your Strava history: 312 of 1,204 activities" over a bar: above the activity list, and on
 * phones (where the list is behind a button) at the top of Home.
 */
export function HistorySyncStatus({ progress }: { progress: HistorySyncProgress | null }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-surface-raised px-3 py-2">
      <p role="status" className="flex items-center gap-2 text-xs text-fg-muted">
        <Spinner className="size-3.5" />
        {progress ? `Syncing your Strava history: ${progress.text}` : 'Syncing your Strava history…'}
      </p>
      {progress?.fraction != null && (
        // Only in the first minutes after connecting: the bar's code loads then, not with every first screen.
        <Suspense fallback={null}>
          <ProgressBar label="Strava history synced" fraction={progress.fraction} />
        </Suspense>
      )}
    </div>
  );
}
