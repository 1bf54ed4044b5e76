import clsx from 'clsx';
import type { ActivityListItem } from '../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { activityFamily } from '../../lib/activity-family.ts';
import { ActivityTypeIcon } from './activity-type-icon.tsx';
import { formatClock, formatDistance, measureText } from '../../../shared/format.ts';
import { formatRelativeDate } from '../../lib/format/relative-date.ts';

interface ActivityRowProps {
  activity: ActivityListItem;
  units: UnitSystem;
  selected: boolean;
  onSelect: (id: string) => void;
  /** 0 for the list's one tab stop, -1 for the rest (arrow keys move between rows). */
  tabIndex: 0 | -1;
  now: Date;
}

/** One activity in the sidebar list (spec §2): icon, name, distance, moving time, when. */
export function ActivityRow({ activity, units, selected, onSelect, now, tabIndex }: ActivityRowProps) {
  // A strength session covers no distance: '0.0 km' would only be noise.
  const facts = [activity.distance > 0 ? measureText(formatDistance(activity.distance, units)) : null, formatClock(activity.movingTime)]
    .filter((fact) => fact !== null)
    .join(' · ');
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      data-activity-row
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(activity.id)}
      className={clsx(
        'group flex w-full items-center gap-3 rounded-lg border p-2 text-left transition-colors',
        selected ? 'border-accent/40 bg-accent/10' : 'border-transparent hover:bg-surface-raised',
      )}
    >
      <span
        className={clsx(
          'flex size-9 shrink-0 items-center justify-center rounded-lg',
          selected ? 'bg-accent text-accent-fg' : 'bg-surface-raised text-fg-muted group-hover:text-fg',
        )}
      >
        <ActivityTypeIcon family={activityFamily(activity)} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-fg">{activity.name}</span>
        <span className="flex items-baseline justify-between gap-2 text-xs text-fg-muted">
          <span className="truncate tabular-nums">{facts}</span>
          <span className="shrink-0">{formatRelativeDate(activity.startDate, now)}</span>
        </span>
      </span>
    </button>
  );
}
