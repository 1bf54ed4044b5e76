import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ActivityInterval } from '../../../shared/api/activity-intervals.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { ChartFigure } from '../charts/index.ts';
import { useActivityIntervals } from './api/activity-intervals.ts';
import { segmentColumns, workSummary, type Segment } from './segment-columns.ts';

const FOUND_BY = { power: 'power', speed: 'pace', 'heart-rate': 'heart rate' } as const;

/**
 * The activity's laps and its work/rest intervals (from the laps, or found in the power, pace or
 * heart rate), as tables. Nothing is shown for an activity with neither: a single lap repeats the
 * totals above it.
 */
export function ActivityLaps({ activityId, units, run }: { activityId: string; units: UnitSystem; run: boolean }) {
  const query = useActivityIntervals(activityId, true);
  if (query.isPending) return <ChartFigure title="Laps and intervals" caption="Loading" state="loading" heightPx={160} />;
  if (query.isError) {
    return (
      <ChartFigure
        title="Laps and intervals"
        caption="The activity's laps and its work and rest"
        state={{ empty: 'Laps and intervals could not be loaded. Reload the page to try again.' }}
        heightPx={160}
      />
    );
  }
  const { laps, intervals } = query.data;
  const showLaps = laps.length > 1;
  if (!showLaps && !intervals) return null;
  return (
    <section aria-label="Laps and intervals" className="flex flex-col gap-4">
      {intervals && (
        <SegmentTable
          title="Intervals"
          caption={`${workSummary(intervals.items)}, found in ${intervals.from === 'laps' ? 'your laps' : `the ${FOUND_BY[intervals.signal]}`}`}
          segments={intervals.items}
          units={units}
          run={run}
          label={(segment) => ((segment as ActivityInterval).kind === 'work' ? 'Work' : 'Rest')}
        />
      )}
      {showLaps && (
        <SegmentTable
          title="Laps"
          caption={`${laps.length} laps as the device recorded them`}
          segments={laps}
          units={units}
          run={run}
          label={(segment) => ('number' in segment ? String(segment.number) : '')}
        />
      )}
    </section>
  );
}

interface SegmentTableProps {
  title: string;
  caption: string;
  segments: readonly Segment[];
  units: UnitSystem;
  run: boolean;
  label: (segment: Segment) => string;
}

/**
 * Whether the scroll box is wider inside than out (`scrollable`) and whether some of it is still to
 * the right of what shows (`moreRight`), kept current as it scrolls or resizes.
 */
function useSideways(box: RefObject<HTMLDivElement | null>): { scrollable: boolean; moreRight: boolean } {
  const [state, setState] = useState({ scrollable: false, moreRight: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const next = { scrollable: hidden > 1, moreRight: hidden - element.scrollLeft > 1 };
      setState((current) => (current.scrollable === next.scrollable && current.moreRight === next.moreRight ? current : next));
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    if (element.firstElementChild) resized.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [box]);
  return state;
}

function SegmentTable({ title, caption, segments, units, run, label }: SegmentTableProps) {
  const columns = segmentColumns(segments, { units, run });
  const box = useRef<HTMLDivElement>(null);
  const { scrollable, moreRight } = useSideways(box);
  const hintId = `${title.toLowerCase()}-scroll-hint`;
  return (
    <figure className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <figcaption className="flex flex-wrap items-end justify-between gap-x-3 gap-y-0.5">
        <span className="flex flex-col gap-0.5">
          <span className="text-sm font-semibold text-fg">{title}</span>
          <span className="text-xs text-fg-subtle">{caption}</span>
        </span>
        {scrollable && (
          <span id={hintId} className="text-xs font-medium text-fg-muted">
            {moreRight ? 'Scroll for more →' : '← Scroll back'}
          </span>
        )}
      </figcaption>
      {/*
       * Wider than a phone: it scrolls sideways with the first column kept in place and a fading
       * edge where columns are hidden; focusable (and named) so arrow keys scroll it too (issue 26).
       */}
      <div className="relative">
        <div
          ref={box}
          className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          tabIndex={0}
          role="region"
          aria-label={`${title} table`}
          aria-describedby={scrollable ? hintId : undefined}
        >
          <table className="w-full border-collapse text-sm tabular-nums">
            <thead>
              <tr className="border-b border-line text-left text-xs text-fg-muted">
                <th scope="col" className="sticky left-0 z-10 bg-surface py-2 pr-4 font-medium">
                  {title === 'Laps' ? 'Lap' : 'Part'}
                </th>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className="whitespace-nowrap py-2 pr-4 text-right font-medium">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {segments.map((segment) => {
                const rowLabel = label(segment);
                const rest = rowLabel === 'Rest';
                return (
                  <tr key={segment.startS} className={`border-b border-line/60 last:border-0 ${rest ? 'text-fg-muted' : 'text-fg'}`}>
                    <th scope="row" className="sticky left-0 z-10 bg-surface py-2 pr-4 text-left font-medium">
                      {rowLabel}
                    </th>
                    {columns.map((column) => (
                      <td key={column.key} className="whitespace-nowrap py-2 pr-4 text-right">
                        {column.cell(segment)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {moreRight && <div aria-hidden className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-surface to-transparent" data-testid="scroll-fade" />}
      </div>
    </figure>
  );
}
