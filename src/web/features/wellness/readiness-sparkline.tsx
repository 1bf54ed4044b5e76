import type { ReadinessAnswer } from '../../../shared/api/wellness.ts';
import { formatNumber } from '../../../shared/format.ts';
import { STATE_LOOK } from './readiness-look.ts';

type History = ReadinessAnswer['history'];

const WIDTH = 560;
const HEIGHT = 84;
const LINE_TOP = 4;
const LINE_BOTTOM = 62;
const TICK_TOP = 70;
const TICK_HEIGHT = 10;

/** Runs of consecutive days for which `has` holds, so a gap in the data is a gap in the drawing. */
function runs(history: History, has: (day: History[number]) => boolean): History[] {
  const found: History[] = [];
  let current: History = [];
  for (const day of history) {
    if (!has(day)) {
      if (current.length > 0) found.push(current);
      current = [];
    } else current.push(day);
  }
  if (current.length > 0) found.push(current);
  return found;
}

const hasRange = (day: History[number]) => day.hrvLowMs !== null && day.hrvHighMs !== null;
const hasAverage = (day: History[number]) => day.hrvMs !== null;

/** Whether the strip has any HRV to draw: without HRV readings it shows the days' states alone and says nothing of HRV. */
export const historyHasHrv = (history: History) => history.some((day) => hasRange(day) || hasAverage(day));

/** The accessible summary: how many days of each state, and HRV's span. */
export function sparklineSummary(history: History): string {
  const counts = (['ready', 'steady', 'strained', 'unknown'] as const)
    .map((state) => [state, history.filter((day) => day.state === state).length] as const)
    .filter(([, count]) => count > 0)
    .map(([state, count]) => (state === 'unknown' ? `${count} without data` : `${count} ${STATE_LOOK[state].label.toLowerCase()}`));
  const hrv = history.flatMap((day) => (day.hrvMs === null ? [] : [day.hrvMs]));
  const span = hrv.length > 0 ? `; HRV 7-day average from ${formatNumber(Math.min(...hrv))} to ${formatNumber(Math.max(...hrv))} ms` : '';
  return `Readiness over the last ${history.length} days: ${counts.join(', ')}${span}.`;
}

/**
 * Eight weeks at a glance, in plain SVG: each day's normal HRV range (band) and the HRV 7-day
 * average (line) above, when the athlete records HRV, and each day's state as a coloured tick
 * below (grey: no data that day). Days without a figure stay empty.
 */
export function ReadinessSparkline({ history }: { history: History }) {
  const step = WIDTH / Math.max(history.length, 1);
  const x = (index: number) => index * step + step / 2;
  const values = history.flatMap((day) => [day.hrvMs, day.hrvLowMs, day.hrvHighMs].filter((value): value is number => value !== null));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const y = (value: number) => (high === low ? (LINE_TOP + LINE_BOTTOM) / 2 : LINE_BOTTOM - ((value - low) / (high - low)) * (LINE_BOTTOM - LINE_TOP));
  const indexOf = new Map(history.map((day, index) => [day.date, index]));

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={sparklineSummary(history)} className="h-20 w-full">
      {runs(history, hasRange).map((run) => {
        const points = run.map((day) => [x(indexOf.get(day.date)!), day] as const);
        const band = [
          ...points.map(([px, day]) => `${px},${y(day.hrvHighMs!)}`),
          ...[...points].reverse().map(([px, day]) => `${px},${y(day.hrvLowMs!)}`),
        ].join(' ');
        return <polygon key={`band-${run[0]!.date}`} points={band} className="fill-fg-subtle/25" />;
      })}
      {runs(history, hasAverage).map((run) => (
        <polyline
          key={`line-${run[0]!.date}`}
          points={run.map((day) => `${x(indexOf.get(day.date)!)},${y(day.hrvMs!)}`).join(' ')}
          fill="none"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          className="stroke-accent"
        />
      ))}
      {history.map((day, index) => (
        <rect
          key={day.date}
          x={index * step + 0.5}
          y={TICK_TOP}
          width={Math.max(step - 1, 1)}
          height={TICK_HEIGHT}
          rx={1}
          className={STATE_LOOK[day.state].fill}
        />
      ))}
    </svg>
  );
}
