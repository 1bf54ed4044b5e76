import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { CalendarDayEntry, CalendarWeek } from '../../../shared/api/calendar.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCalendarWeeks } from './api/calendar.ts';
import { WeekRow } from './week-row.tsx';

interface WeekListProps {
  /** The week page 0 is counted from (calendar-range.ts); the list is mounted afresh for another. */
  anchor: string;
  /** The week the address names: scrolled to when it changes. */
  currentWeek: string;
  today: string;
  units: UnitSystem;
  /** The athlete scrolled another week to the top: the address follows (replacing, not adding history). */
  onWeekInView: (weekStart: string) => void;
  /** The address names a week outside the loaded pages: the list is to start again from it. */
  onOutOfRange: (weekStart: string) => void;
}

/** How far ahead of the edge the next page is asked for. */
const PREFETCH_MARGIN = '1200px 0px';
/** Scroll events this soon after the list scrolled itself are its own, not the athlete's. */
const OWN_SCROLL_MS = 400;
/** The space left between the header and the week scrolled to. */
const WEEK_GAP_PX = 8;
/** How long the athlete's scrolling rests before the address follows it. */
const ADDRESS_DELAY_MS = 250;

interface ShownWeek {
  week: CalendarWeek;
  days: CalendarDayEntry[];
}

/**
 * The week view's rows (issue 30): pages of twelve weeks, each one GET /api/calendar, loaded as the
 * athlete scrolls towards either end (or presses Load earlier / later weeks), one page at a time;
 * the week read at the top stays in place as a page is added above it or dropped.
 */
export function WeekList({ anchor, currentWeek, today, units, onWeekInView, onOutOfRange }: WeekListProps) {
  const query = useCalendarWeeks(anchor, today);
  const rootRef = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const bottomSentinel = useRef<HTMLDivElement>(null);
  const shownWeek = useRef<string | null>(null);
  /** The week at the top of the screen and where it was, so a page added above it leaves it there. */
  const pinned = useRef<{ week: string; topPx: number } | null>(null);
  const ownScrollUntil = useRef(0);

  const weeks = useMemo<ShownWeek[]>(
    () =>
      (query.data?.pages ?? []).flatMap((page) =>
        page.weeks.map((week) => ({ week, days: page.days.filter((day) => day.date >= week.startDate && day.date <= week.endDate) })),
      ),
    [query.data],
  );

  const scroller = useCallback(() => rootRef.current?.closest('main') ?? null, []);
  const sectionOf = useCallback((week: string) => rootRef.current?.querySelector<HTMLElement>(`section[data-week="${week}"]`) ?? null, []);

  /** Where the screen's sticky header ends: weeks above it are out of sight. */
  const headerBottom = useCallback((main: HTMLElement) => {
    const header = main.querySelector<HTMLElement>('[data-calendar-header]');
    return header ? header.getBoundingClientRect().bottom : main.getBoundingClientRect().top;
  }, []);

  /** The first week whose bottom is below the sticky header: the one the athlete reads at the top. */
  const topWeek = useCallback((): string | null => {
    const main = scroller();
    const root = rootRef.current;
    if (!main || !root) return null;
    const top = headerBottom(main);
    for (const section of root.querySelectorAll<HTMLElement>('section[data-week]')) {
      if (section.getBoundingClientRect().bottom > top + 1) return section.dataset.week!;
    }
    return null;
  }, [scroller, headerBottom]);

  const pinTopWeek = useCallback(() => {
    const week = topWeek();
    const section = week ? sectionOf(week) : null;
    pinned.current = week && section ? { week, topPx: section.getBoundingClientRect().top } : null;
  }, [topWeek, sectionOf]);

  // The address's week comes into view, unless the athlete scrolled it there.
  useLayoutEffect(() => {
    if (weeks.length === 0 || currentWeek === shownWeek.current) return;
    const main = scroller();
    const section = sectionOf(currentWeek);
    if (!main) return;
    if (!section) {
      onOutOfRange(currentWeek);
      return;
    }
    ownScrollUntil.current = performance.now() + OWN_SCROLL_MS;
    main.scrollTop += section.getBoundingClientRect().top - headerBottom(main) - WEEK_GAP_PX;
    shownWeek.current = currentWeek;
    pinTopWeek();
  }, [currentWeek, weeks, scroller, sectionOf, headerBottom, onOutOfRange, pinTopWeek]);

  // A page added above (or dropped) leaves the week at the top where it was. The browser's scroll
  // anchoring does this too, but not at the very top of the list, where the earlier pages load.
  const firstPage = query.data?.pageParams[0];
  useLayoutEffect(() => {
    const main = scroller();
    const pin = pinned.current;
    const section = pin ? sectionOf(pin.week) : null;
    if (main && pin && section) {
      const drift = section.getBoundingClientRect().top - pin.topPx;
      if (Math.abs(drift) >= 1) {
        ownScrollUntil.current = performance.now() + OWN_SCROLL_MS;
        main.scrollTop += drift;
      }
    }
    pinTopWeek();
  }, [firstPage, weeks.length, scroller, sectionOf, pinTopWeek]);

  // Scrolling by hand: remember the top week, and let the address follow once the scrolling rests.
  useEffect(() => {
    const main = scroller();
    if (!main) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      pinTopWeek();
      if (performance.now() < ownScrollUntil.current) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const week = topWeek();
        if (week && week !== shownWeek.current) {
          shownWeek.current = week;
          onWeekInView(week);
        }
      }, ADDRESS_DELAY_MS);
    };
    main.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      main.removeEventListener('scroll', onScroll);
    };
  }, [scroller, topWeek, pinTopWeek, onWeekInView]);

  // Near either end, the next page loads. A new observer after each page reports at once whether the end is still near.
  const { fetchPreviousPage, fetchNextPage, isFetchingPreviousPage, isFetchingNextPage, isError } = query;
  // One page at a time: asking for one end while the other loads waits its turn instead of cancelling it.
  const loadEarlier = useCallback(() => void fetchPreviousPage({ cancelRefetch: false }), [fetchPreviousPage]);
  const loadLater = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  // Layout effects (the scroll to the address's week) run before this one, so the first report sees the list in place.
  const loaded = weeks.length > 0;
  useEffect(() => {
    const main = scroller();
    if (!main || !loaded || isError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          if (entry.target === topSentinel.current) loadEarlier();
          if (entry.target === bottomSentinel.current) loadLater();
        }
      },
      { root: main, rootMargin: PREFETCH_MARGIN },
    );
    for (const sentinel of [topSentinel.current, bottomSentinel.current]) if (sentinel) observer.observe(sentinel);
    return () => observer.disconnect();
  }, [scroller, loaded, isError, weeks.length, loadEarlier, loadLater]);

  if (query.isPending) {
    return (
      <div aria-label="Loading weeks" className="flex flex-col gap-3">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-32 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError && weeks.length === 0) {
    return (
      <Alert tone="error" action={{ label: 'Try again', onClick: () => void query.refetch() }}>
        <p>The calendar could not be loaded.</p>
      </Alert>
    );
  }

  return (
    <div ref={rootRef} className="flex flex-col gap-3">
      <div ref={topSentinel} className="flex justify-center">
        <Button variant="ghost" size="sm" onClick={loadEarlier} disabled={isFetchingPreviousPage}>
          {isFetchingPreviousPage && <Spinner />}
          Load earlier weeks
        </Button>
      </div>
      {weeks.map(({ week, days }) => (
        <WeekRow key={week.startDate} week={week} days={days} today={today} units={units} current={week.startDate === currentWeek} />
      ))}
      {query.isFetchNextPageError || query.isFetchPreviousPageError ? (
        <Alert tone="error">
          <p>More weeks could not be loaded. Try the button again.</p>
        </Alert>
      ) : null}
      <div ref={bottomSentinel} className="flex min-h-[50vh] justify-center pb-8">
        <Button variant="ghost" size="sm" className="h-fit" onClick={loadLater} disabled={isFetchingNextPage}>
          {isFetchingNextPage && <Spinner />}
          Load later weeks
        </Button>
      </div>
    </div>
  );
}
