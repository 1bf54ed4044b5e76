import clsx from 'clsx';
import { useId } from 'react';
import { calendarViews, type CalendarView } from './paths.ts';

const VIEW_LABELS: Record<CalendarView, string> = { week: 'Weeks', month: 'Months', year: 'Years' };

/**
 * The calendar's views as one segmented control: native radio buttons under the segments, so Tab
 * reaches the chosen one and the arrow keys move between them, as for any radio group.
 */
export function ViewSwitch({ value, onChange }: { value: CalendarView; onChange: (view: CalendarView) => void }) {
  const name = useId();
  return (
    <fieldset className="flex rounded-lg border border-line-strong bg-surface p-0.5">
      <legend className="sr-only">View</legend>
      {calendarViews.map((view) => (
        <label
          key={view}
          className={clsx(
            'flex h-8 cursor-pointer items-center rounded-md px-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent',
            value === view ? 'bg-surface-raised text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
          )}
        >
          <input type="radio" name={name} value={view} checked={value === view} onChange={() => onChange(view)} className="sr-only" />
          {VIEW_LABELS[view]}
        </label>
      ))}
    </fieldset>
  );
}
