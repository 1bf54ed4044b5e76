import clsx from 'clsx';
import { Link } from 'wouter';
import type { CalendarPeriod } from '../../../shared/domain/week-start.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { Alert } from '../../ui/alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useCalendarTotals } from './api/calendar.ts';
import type { DayRange } from './calendar-range.ts';
import { calendarPath } from './paths.ts';
import { TotalsSummary } from './totals-summary.tsx';

let monthFormat: Intl.DateTimeFormat | undefined;

/** '2026-03' -> 'March' in the browser's language (shared/format.ts writes days, not months); read in UTC so no zone shifts it. */
function monthName(key: string): string {
  monthFormat ??= new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' });
  return monthFormat.format(new Date(`${key}-15T12:00:00Z`));
}

interface PeriodTotalsProps {
  period: CalendarPeriod;
  range: DayRange;
  today: string;
  units: UnitSystem;
}

/**
 * The month view (a year's twelve months) or the year view (ten years): each with the same totals
 * the week rows show, from GET /api/calendar/totals. A month opens its weeks, a year its months.
 */
export function PeriodTotals({ period, range, today, units }: PeriodTotalsProps) {
  const totals = useCalendarTotals(period, range);
  if (totals.isPending) {
    return (
      <div aria-label="Loading totals" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((cell) => (
          <Skeleton key={cell} className="h-36 rounded-xl" />
        ))}
      </div>
    );
  }
  if (totals.isError) {
    return (
      <Alert tone="error" action={{ label: 'Try again', onClick: () => void totals.refetch() }}>
        <p>The totals could not be loaded.</p>
      </Alert>
    );
  }
  const periods = period === 'year' ? [...totals.data.periods].reverse() : totals.data.periods;
  return (
    <ol aria-label={period === 'month' ? 'Months' : 'Years'} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {periods.map((bucket) => {
        const current = today >= bucket.startDate && today <= bucket.endDate;
        const title = period === 'month' ? monthName(bucket.key) : bucket.key;
        const opens = period === 'month' ? calendarPath({ view: 'week', day: bucket.startDate }) : calendarPath({ view: 'month', day: bucket.startDate });
        return (
          <li
            key={bucket.key}
            className={clsx('flex flex-col gap-3 rounded-xl border p-4', current ? 'border-accent/60 bg-surface-raised' : 'border-line bg-surface')}
          >
            <h2 className="flex items-baseline justify-between gap-2 text-sm font-semibold text-fg">
              <Link href={opens} className="rounded-sm underline-offset-2 hover:text-accent hover:underline">
                {title}
                <span className="sr-only">{period === 'month' ? `, ${bucket.key.slice(0, 4)}: open its weeks` : ': open its months'}</span>
              </Link>
              {current && <span className="text-xs font-semibold text-accent">{period === 'month' ? 'This month' : 'This year'}</span>}
            </h2>
            <TotalsSummary totals={bucket.totals} units={units} wide />
          </li>
        );
      })}
    </ol>
  );
}
