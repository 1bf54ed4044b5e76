import clsx from 'clsx';
import type { CalendarDayEntry } from '../../../shared/api/calendar.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { CalendarActivity } from './calendar-activity.tsx';
import { PlannedSession } from './planned-session.tsx';

/**
 * One day of a week: its date, the day plan's session, and the activities done. On a desktop it is
 * a cell of the week's row; on a phone a line of the list, where a day with nothing in it stays
 * one short line.
 */
export function DayCell({ day, isToday, units }: { day: CalendarDayEntry; isToday: boolean; units: UnitSystem }) {
  const label = formatShortCalendarDay(day.date);
  const dayOfMonth = Number(day.date.slice(8));
  const empty = day.activities.length === 0 && day.plan.source === 'none';
  return (
    <li
      className={clsx(
        'flex min-w-0 gap-1.5 rounded-xl border p-2 text-xs md:min-h-28 md:flex-col md:p-1',
        empty ? 'items-center md:items-stretch' : 'flex-col',
        isToday ? 'border-accent/70 bg-accent/5' : 'border-line bg-surface',
      )}
    >
      <h3 className="flex items-baseline gap-1.5 font-semibold text-fg-muted">
        <span className="md:hidden">{label}</span>
        <span className="hidden md:inline" aria-hidden>
          {dayOfMonth === 1 ? label.replace(/^[^,]*,\s*/, '') : dayOfMonth}
        </span>
        <span className="sr-only max-md:hidden">{label}</span>
        {isToday && <span className="rounded-full bg-accent px-1.5 text-[0.6875rem] font-semibold text-accent-fg">Today</span>}
      </h3>
      <PlannedSession plan={day.plan} compliance={day.compliance} />
      {day.activities.length > 0 && (
        <ul aria-label="Activities" className="flex flex-col gap-1">
          {day.activities.map((activity) => (
            <CalendarActivity key={activity.id} activity={activity} units={units} />
          ))}
        </ul>
      )}
    </li>
  );
}
