import clsx from 'clsx';
import type { CalendarBucketTotals } from '../../../shared/api/calendar.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { ActivityTypeIcon } from '../activities/index.ts';
import { activitiesText, missingText, SPORT_LABELS, sportLine, totalFigures } from './totals-text.ts';

interface TotalsSummaryProps {
  totals: CalendarBucketTotals;
  units: UnitSystem;
  /** The figures side by side where the cell is wide (month and year cards); one a line in a week's narrow cell. */
  wide?: boolean;
}

/**
 * A week's, month's or year's totals: time, distance, elevation and load over all its activities,
 * then one compact line per sport. A figure no activity recorded shows as absent, never as 0, and
 * what a sum leaves out is said in words.
 */
export function TotalsSummary({ totals, units, wide = false }: TotalsSummaryProps) {
  const { overall, bySport } = totals;
  if (overall.activities === 0) return <p className="text-xs text-fg-subtle">No activities</p>;
  const missing = missingText(overall);
  return (
    <div className="flex flex-col gap-2 text-xs">
      <p className="text-fg-muted">{activitiesText(overall.activities)}</p>
      <dl className={clsx('grid gap-x-3 gap-y-1', wide && 'grid-cols-2 sm:grid-cols-4')}>
        {totalFigures(overall, units).map((figure) => (
          <div key={figure.key} className={clsx('min-w-0', !wide && 'flex items-baseline justify-between gap-2')} data-total={figure.key}>
            <dt className="text-fg-subtle">{figure.label}</dt>
            <dd className="font-semibold text-fg tabular-nums">
              {figure.text ?? (
                <>
                  <span aria-hidden>—</span>
                  <span className="sr-only">not recorded</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {bySport.length > 0 && (
        <ul aria-label="By sport" className="flex flex-col gap-0.5 text-fg-muted">
          {bySport.map((sport) => (
            <li key={sport.sport} className="flex items-start gap-1.5">
              <ActivityTypeIcon family={sport.sport} className="mt-px size-3.5 shrink-0 text-fg-subtle" />
              <span className="min-w-0">
                <span className="font-medium text-fg">{SPORT_LABELS[sport.sport]}</span> {sportLine(sport, units)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {missing && <p className="text-fg-subtle">{missing}.</p>}
    </div>
  );
}
