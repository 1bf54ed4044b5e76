import clsx from 'clsx';
import { FileUp } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import type { ActivityListItem } from '../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { Button } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { ActivityListSkeleton } from './activity-list-skeleton.tsx';
import { ActivityRow } from './activity-row.tsx';
import { HistorySyncStatus, type HistorySyncProgress } from './history-sync-status.tsx';

interface ActivityListProps {
  /** Null while the first page loads. */
  activities: readonly ActivityListItem[] | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  units: UnitSystem;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Strava's history is still arriving. */
  syncing: boolean;
  /** How far it has come, when known: "312 of 1,204 activities" and the share done (null while Strava still lists). */
  syncProgress?: HistorySyncProgress | null;
  onImport: () => void;
  /** False where the surrounding frame already names the list and offers importing (the phone drawer). */
  showHeader?: boolean;
}

/** 'Recent activities' (spec §2): newest first, the selected one highlighted, older ones on request. */
export function ActivityList({
  activities,
  selectedId,
  onSelect,
  units,
  hasMore,
  loadingMore,
  onLoadMore,
  syncing,
  syncProgress = null,
  onImport,
  showHeader = true,
}: ActivityListProps) {
  // One clock per render, so every row agrees on what 'Today' is.
  const now = new Date();
  const headingId = useId();
  // One tab stop for the whole list (the chosen row, else the first); the arrow keys, Home and
  // End move between rows, so the rest of the page is a Tab away however long the list grows.
  const tabStopId = activities?.some((activity) => activity.id === selectedId) ? selectedId : (activities?.[0]?.id ?? null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 pb-4">
      <div className={clsx('flex items-center justify-between gap-2', !showHeader && 'sr-only')}>
        <h2 id={headingId} className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">
          Recent activities
        </h2>
        {showHeader && (
          <IconButton label="Import activities" icon={<FileUp aria-hidden className="size-4.5" />} onClick={onImport} className="-mr-2" />
        )}
      </div>
      {syncing && <HistorySyncStatus progress={syncProgress} />}
      {activities === null ? (
        <ActivityListSkeleton withHeading={false} />
      ) : activities.length === 0 ? (
        !syncing && (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-line-strong p-4 text-sm text-fg-muted">
            <p>No activities yet. Connect Strava or import your own files to get started.</p>
            <Button variant="secondary" size="sm" onClick={onImport}>
              <FileUp aria-hidden className="size-4" />
              Import activities
            </Button>
          </div>
        )
      ) : (
        <ul aria-label="Activities" className="flex flex-col gap-1" onKeyDown={moveBetweenRows}>
          {activities.map((activity) => (
            <li key={activity.id}>
              <ActivityRow
                activity={activity}
                units={units}
                selected={activity.id === selectedId}
                onSelect={onSelect}
                now={now}
                tabIndex={activity.id === tabStopId ? 0 : -1}
              />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Button variant="ghost" size="sm" onClick={onLoadMore} disabled={loadingMore} className="mt-1">
          {loadingMore ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </section>
  );
}

/** Arrow keys, Home and End move focus between the rows of a list of activities. */
function moveBetweenRows(event: KeyboardEvent<HTMLUListElement>) {
  const rows = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-activity-row]')];
  const at = rows.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1) return;
  const target = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (target === undefined) return;
  event.preventDefault();
  rows[Math.min(Math.max(target, 0), rows.length - 1)]?.focus();
}
