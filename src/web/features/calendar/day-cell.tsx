import clsx from 'clsx';
import { useState } from 'react';
import type { CalendarDayEntry } from '../../../shared/api/calendar.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { CalendarActivity } from './calendar-activity.tsx';
import { PlannedSession } from './planned-session.tsx';
import { SESSION_DRAG_TYPE, useSessionDrag } from './session-drag.ts';

/**
 * One day of a week: its date, the day plan's session, and the activities done. On a desktop it is
 * a cell of the week's row; on a phone a line of the list, where a day with nothing in it stays
 * one short line. While a planned session is dragged, the free days of its plan from today on take
 * it (issue 30).
 */
export function DayCell({ day, isToday, units }: { day: CalendarDayEntry; isToday: boolean; units: UnitSystem }) {
  const label = formatShortCalendarDay(day.date);
  const dayOfMonth = Number(day.date.slice(8));
  const empty = day.activities.length === 0 && day.plan.source === 'none';
  const drag = useSessionDrag();
  const [over, setOver] = useState(false);
  const dragged = drag?.dragged ?? null;
  const takesDrop =
    dragged !== null && day.date >= drag!.today && day.date !== dragged.date && day.plan.source === 'plan' && day.plan.plan?.id === dragged.planId && day.plan.session === null && !day.plan.raceDay;
  return (
    <li
      data-day={day.date}
      onDragOver={(event) => {
        if (!takesDrop || !event.dataTransfer.types.includes(SESSION_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        if (!takesDrop || !event.dataTransfer.types.includes(SESSION_DRAG_TYPE)) return;
        event.preventDefault();
        drag!.drop(day.date);
      }}
      className={clsx(
        'flex min-w-0 gap-1.5 rounded-xl border p-2 text-xs md:min-h-28 md:flex-col md:p-1',
        empty ? 'items-center md:items-stretch' : 'flex-col',
        isToday ? 'border-accent/70 bg-accent/5' : 'border-line bg-surface',
        takesDrop && 'outline-2 outline-offset-1 outline-accent/40 outline-dashed',
        takesDrop && over && 'bg-accent/15 outline-accent outline-solid',
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
