import clsx from 'clsx';
import type { CalendarDayEntry, CalendarWeek } from '../../../shared/api/calendar.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatCalendarDay } from '../../../shared/format.ts';
import { DayCell } from './day-cell.tsx';
import { TotalsSummary } from './totals-summary.tsx';

interface WeekRowProps {
  week: CalendarWeek;
  days: CalendarDayEntry[];
  today: string;
  units: UnitSystem;
  /** The week the address names: marked, and where Previous/Next count from. */
  current: boolean;
}

/** "Mon, Dec 29, 2025 – Sun, Jan 4": the week's first and last day, each with its year when not this one. */
export const weekTitle = (week: { startDate: string; endDate: string }) => `${formatCalendarDay(week.startDate)} – ${formatCalendarDay(week.endDate)}`;

/**
 * One week (issue 30): on a desktop its seven days in a row and its totals in an eighth cell; on a
 * phone the totals head the week and its days follow as a list.
 */
export function WeekRow({ week, days, today, units, current }: WeekRowProps) {
  const headingId = `week-${week.startDate}`;
  return (
    <section
      aria-labelledby={headingId}
      data-week={week.startDate}
      className="grid gap-1.5 md:grid-cols-[minmax(0,1fr)_11rem]"
    >
      <div
        className={clsx(
          'flex flex-col gap-2 rounded-xl border p-2.5 md:order-last',
          current ? 'border-accent/60 bg-surface-raised' : 'border-line bg-surface-raised/60',
        )}
      >
        <h2 id={headingId} className="text-xs font-semibold text-fg">
          {weekTitle(week)}
        </h2>
        <TotalsSummary totals={week.totals} units={units} />
      </div>
      <ol aria-label="Days" className="grid gap-1.5 md:grid-cols-7">
        {days.map((day) => (
          <DayCell key={day.date} day={day} isToday={day.date === today} units={units} />
        ))}
      </ol>
    </section>
  );
}
