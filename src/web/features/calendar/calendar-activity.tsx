import clsx from 'clsx';
import { Link } from 'wouter';
import type { CalendarActivity as CalendarActivityData } from '../../../shared/api/calendar.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { sportLabel } from '../../lib/activity-labels.ts';
import { activityPath, ActivityTypeIcon } from '../activities/index.ts';
import { BAND_CLASSES, BAND_LABELS, STATUS_LABELS } from '../plans/index.ts';
import { activityFigures } from './totals-text.ts';

/**
 * An activity in its day: sport, name and figures, linking to its page; where it was done for a
 * planned session, plan compliance's mark (its word, icon and band colour, and how much of the
 * planned time it covered).
 */
export function CalendarActivity({ activity, units }: { activity: CalendarActivityData; units: UnitSystem }) {
  const mark = activity.compliance;
  const status = mark ? STATUS_LABELS[mark.status] : null;
  const band = mark?.band ? BAND_CLASSES[mark.band] : null;
  return (
    <li>
      <Link
        href={activityPath(activity.id)}
        title={activity.name}
        className={clsx(
          'flex flex-col gap-0.5 rounded-lg border bg-surface-raised px-2 py-1.5 transition-colors hover:border-line-strong hover:bg-surface-raised/70 md:px-1.5',
          band ? band.border : 'border-transparent',
        )}
      >
        <span className="flex min-w-0 items-center gap-1.5 font-medium text-fg">
          <ActivityTypeIcon family={activity.sport} className="size-3.5 shrink-0 text-accent md:hidden" />
          <span className="sr-only">{sportLabel(activity.sportType)}: </span>
          <span className="truncate">{activity.name}</span>
        </span>
        <span className="flex flex-wrap items-center gap-x-1.5 text-fg-muted tabular-nums">
          {activityFigures(activity, units).map((figure, index) => (
            <span key={figure} className="inline-flex items-center gap-1 whitespace-nowrap">
              {index === 0 ? (
                <ActivityTypeIcon family={activity.sport} className="size-3.5 shrink-0 text-accent max-md:hidden" />
              ) : (
                <span aria-hidden className="md:hidden">
                  ·
                </span>
              )}
              {figure}
            </span>
          ))}
        </span>
        {status && (
          <span className={clsx('inline-flex items-center gap-1 font-semibold', band ? band.text : 'text-fg-muted')}>
            <status.icon aria-hidden className="size-3.5 shrink-0" />
            {status.label}
            {mark && mark.durationPct !== null && ` · ${mark.durationPct} % of plan`}
            {mark?.band && <span className="sr-only">, {BAND_LABELS[mark.band]}</span>}
          </span>
        )}
      </Link>
    </li>
  );
}
