import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { DEFAULT_WEEK_START, weekdays, type Weekday } from '../../../shared/domain/week-start.ts';
import { addCalendarDays } from '../../../shared/time.ts';
import { localDay } from '../../lib/local-day.ts';
import { Button } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUnitSystem, useUserSettings } from '../settings/index.ts';
import { PlanEditBanner, usePlanEdit } from '../plans/index.ts';
import { AppLayout, AppSidebar } from '../shell/index.ts';
import { CalendarLegend } from './calendar-legend.tsx';
import { stepWeek, weekOf, yearRange, YEARS_PER_VIEW, yearsRange } from './calendar-range.ts';
import { calendarPath, readCalendarSearch, type CalendarView } from './paths.ts';
import { PeriodTotals } from './period-totals.tsx';
import { SessionDragContext, type DraggedSession, type SessionDrag } from './session-drag.ts';
import { ViewSwitch } from './view-switch.tsx';
import { WeekList } from './week-list.tsx';
import { weekTitle } from './week-row.tsx';

const WEEKDAY_SHORT: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** The seven weekdays from the athlete's week start. */
const weekdaysFrom = (start: Weekday) => weekdays.map((_, index) => weekdays[(weekdays.indexOf(start) + index) % 7]!);

const yearOf = (day: string) => Number(day.slice(0, 4));
const firstOfYear = (year: number) => yearRange(year).from;

/** What Previous, Next and the title say in each view. */
const STEP_LABELS: Record<CalendarView, { previous: string; next: string; today: string }> = {
  week: { previous: 'Previous week', next: 'Next week', today: 'Today' },
  month: { previous: 'Previous year', next: 'Next year', today: 'This year' },
  year: { previous: 'Earlier years', next: 'Later years', today: 'This year' },
};

/**
 * /calendar (issue 30): the athlete's weeks on their week start, each day's activities and planned
 * session with a week's totals beside it (a list of days under each week's totals on a phone),
 * and the month and year totals. The address carries the view and the week (?view=, ?week=), so
 * any week is a link; Previous, Next and Today move through it, scrolling loads more weeks.
 * The active plan's sessions from today on are edited here (issue 30): dragged to a free day, or
 * through each session's menu; every edit raises the banner with Undo.
 */
export function CalendarScreen({ user }: { user: AuthUser }) {
  const [, navigate] = useLocation();
  const { view, day } = readCalendarSearch(useSearch());
  const [units] = useUnitSystem();
  const settings = useUserSettings();
  const today = localDay();
  const weekStartsOn: Weekday | null = settings.data?.weekStartsOn ?? (settings.isError ? DEFAULT_WEEK_START : null);
  const shownDay = day ?? today;
  const currentWeek = weekStartsOn ? weekOf(shownDay, weekStartsOn) : null;

  // The week the loaded pages are counted from: the first week shown, then any week the address names outside them.
  const [anchor, setAnchor] = useState<string | null>(null);
  if (anchor === null && currentWeek !== null) setAnchor(currentWeek);

  const { mutate: editPlan } = usePlanEdit();
  const [dragged, setDragged] = useState<DraggedSession | null>(null);
  const drag = useMemo<SessionDrag>(
    () => ({
      today,
      dragged,
      start: setDragged,
      end: () => setDragged(null),
      drop: (to) => {
        if (dragged) editPlan({ planId: dragged.planId, edit: { kind: 'move', from: dragged.date, to }, session: dragged.session, failure: 'banner' });
        setDragged(null);
      },
    }),
    [today, dragged, editPlan],
  );

  const go = (next: { view: CalendarView; day: string | null }) => navigate(calendarPath(next));
  const onWeekInView = useCallback((week: string) => navigate(calendarPath({ view: 'week', day: week }), { replace: true }), [navigate]);

  const step = (direction: -1 | 1) => {
    if (view === 'week') go({ view, day: stepWeek(currentWeek ?? shownDay, direction) });
    else go({ view, day: firstOfYear(yearOf(shownDay) + direction * (view === 'year' ? YEARS_PER_VIEW : 1)) });
  };

  const title =
    view === 'week'
      ? currentWeek && weekTitle({ startDate: currentWeek, endDate: addCalendarDays(currentWeek, 6) })
      : view === 'month'
        ? String(yearOf(shownDay))
        : `${yearOf(shownDay) - YEARS_PER_VIEW + 1} – ${yearOf(shownDay)}`;
  const labels = STEP_LABELS[view];

  return (
    <AppLayout
      sidebar={
        <AppSidebar user={user}>
          <CalendarLegend />
        </AppSidebar>
      }
    >
      <div className="mx-auto flex w-full max-w-[90rem] flex-col px-2 sm:px-3">
        <div data-calendar-header className="sticky top-0 z-10 -mx-2 flex flex-col gap-2 border-b border-line bg-canvas/90 px-2 pt-3 pb-2 backdrop-blur-md sm:-mx-3 sm:px-3">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h1 className="text-xl font-semibold tracking-tight text-fg">Calendar</h1>
            <ViewSwitch value={view} onChange={(next) => go({ view: next, day })} />
            <nav aria-label="Calendar dates" className="flex w-full items-center gap-1 sm:ml-auto sm:w-auto">
              <IconButton label={labels.previous} icon={<ChevronLeft aria-hidden className="size-5" />} onClick={() => step(-1)} />
              <p aria-live="polite" className="min-w-0 flex-1 text-center text-[0.8125rem] leading-tight font-medium text-balance text-fg sm:min-w-64 sm:flex-none sm:text-sm sm:whitespace-nowrap">
                {title}
              </p>
              <IconButton label={labels.next} icon={<ChevronRight aria-hidden className="size-5" />} onClick={() => step(1)} />
              <Button variant="secondary" size="sm" className="ml-1" onClick={() => go({ view, day: null })}>
                {labels.today}
              </Button>
            </nav>
          </div>
          {view === 'week' && weekStartsOn && (
            <div aria-hidden className="hidden gap-1.5 text-xs font-semibold text-fg-subtle md:grid md:grid-cols-[minmax(0,1fr)_11rem]">
              <div className="grid grid-cols-7 gap-1.5">
                {weekdaysFrom(weekStartsOn).map((weekday) => (
                  <span key={weekday} className="px-2">
                    {WEEKDAY_SHORT[weekday]}
                  </span>
                ))}
              </div>
              <span className="px-2.5">Week</span>
            </div>
          )}
        </div>
        <div className="pt-3">
          {view !== 'week' ? (
            <PeriodTotals period={view} range={view === 'month' ? yearRange(yearOf(shownDay)) : yearsRange(yearOf(shownDay))} today={today} units={units} />
          ) : anchor === null || currentWeek === null ? (
            <div aria-label="Loading weeks" className="flex flex-col gap-3">
              <Skeleton className="h-32 rounded-xl" />
              <Skeleton className="h-32 rounded-xl" />
            </div>
          ) : (
            <SessionDragContext.Provider value={drag}>
              <WeekList key={anchor} anchor={anchor} currentWeek={currentWeek} today={today} units={units} onWeekInView={onWeekInView} onOutOfRange={setAnchor} />
            </SessionDragContext.Provider>
          )}
        </div>
      </div>
      <PlanEditBanner />
    </AppLayout>
  );
}
