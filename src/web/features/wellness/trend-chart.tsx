import { formatNumber, formatCalendarDay } from '../../../shared/format.ts';

const WIDTH = 600;
const HEIGHT = 120;
const PAD_Y = 8;
const DAY_MS = 86_400_000;

export interface TrendValue {
  date: string;
  value: number;
}

/** A line the chart draws beside the readings: a per-day baseline or a fixed level. */
export interface TrendLine {
  label: string;
  values: TrendValue[];
  /** A Tailwind stroke class and whether it is dashed, so each line reads apart. */
  stroke: string;
  dashed: boolean;
}

export interface TrendChartProps {
  title: string;
  unit: string;
  from: string;
  to: string;
  points: TrendValue[];
  /** Each day's normal range, drawn as a band; days without one are left empty. */
  band?: { label: string; days: { date: string; low: number; high: number }[] };
  lines?: TrendLine[];
  decimals: number;
}

const dayIndex = (date: string, from: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Runs of consecutive days, so a day without a value is a gap in the drawing, never a 0. */
function consecutiveRuns<T extends { date: string }>(items: readonly T[], from: string): T[][] {
  const runs: T[][] = [];
  let previous = Number.NaN;
  for (const item of items) {
    const index = dayIndex(item.date, from);
    if (index === previous + 1) runs.at(-1)!.push(item);
    else runs.push([item]);
    previous = index;
  }
  return runs;
}

/**
 * One reading over the span, in plain SVG: a dot per day with a reading (joined to the next day's
 * when both have one), the normal range as a band and the reference lines readiness reads by.
 */
export function TrendChart({ title, unit, from, to, points, band, lines = [], decimals }: TrendChartProps) {
  const span = dayIndex(to, from) + 1;
  const step = WIDTH / span;
  const x = (date: string) => dayIndex(date, from) * step + step / 2;
  const all = [
    ...points.map((point) => point.value),
    ...(band?.days.flatMap((day) => [day.low, day.high]) ?? []),
    ...lines.flatMap((line) => line.values.map((value) => value.value)),
  ];
  const rawLow = Math.min(...all);
  const rawHigh = Math.max(...all);
  const margin = rawHigh === rawLow ? Math.max(1, Math.abs(rawHigh) * 0.05) : (rawHigh - rawLow) * 0.08;
  const low = rawLow - margin;
  const high = rawHigh + margin;
  const y = (value: number) => HEIGHT - PAD_Y - ((value - low) / (high - low)) * (HEIGHT - 2 * PAD_Y);
  const format = (value: number) => formatNumber(value, decimals);
  const dotWidth = span > 120 ? 3 : 5;

  return (
    <figure className="flex min-w-0 flex-col gap-1.5" data-testid={`trend-${title}`}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold text-fg">
          {title} <span className="font-normal text-fg-muted">({unit})</span>
        </span>
        <span className="text-xs text-fg-muted">
          {points.length === 0
            ? 'Nothing recorded'
            : `Latest ${format(points.at(-1)!.value)} on ${formatCalendarDay(points.at(-1)!.date)}`}
        </span>
      </figcaption>
      {points.length === 0 ? (
        <p className="rounded-lg bg-canvas/60 px-3 py-6 text-center text-sm text-fg-muted">No {title.toLowerCase()} was recorded in these days.</p>
      ) : (
        <div className="flex gap-2">
          <div aria-hidden className="flex w-10 shrink-0 flex-col justify-between py-0.5 text-right text-xs text-fg-subtle tabular-nums">
            <span>{format(rawHigh)}</span>
            <span>{format(rawLow)}</span>
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={trendSummary({ title, unit, from, to, points, band, decimals })}
              className="h-28 w-full rounded-md bg-canvas/60"
            >
              {band &&
                consecutiveRuns(band.days, from).map((run) => (
                  <polygon
                    key={`band-${run[0]!.date}`}
                    points={[
                      ...run.map((day) => `${x(day.date) - (run.length === 1 ? step / 2 : 0)},${y(day.high)}`),
                      ...[...run].reverse().map((day) => `${x(day.date) + (run.length === 1 ? step / 2 : 0)},${y(day.low)}`),
                    ].join(' ')}
                    className="fill-accent/15"
                  />
                ))}
              {lines.map((line) =>
                consecutiveRuns(line.values, from).map((run) => (
                  <polyline
                    key={`${line.label}-${run[0]!.date}`}
                    points={(run.length === 1 ? [run[0]!, run[0]!] : run)
                      .map((value, k) => `${x(value.date) + (run.length === 1 ? (k === 0 ? -step / 2 : step / 2) : 0)},${y(value.value)}`)
                      .join(' ')}
                    fill="none"
                    strokeWidth={1.25}
                    strokeDasharray={line.dashed ? '5 4' : '1.5 3'}
                    vectorEffect="non-scaling-stroke"
                    className={line.stroke}
                  />
                )),
              )}
              {consecutiveRuns(points, from)
                .filter((run) => run.length > 1)
                .map((run) => (
                  <polyline
                    key={`line-${run[0]!.date}`}
                    points={run.map((point) => `${x(point.date)},${y(point.value)}`).join(' ')}
                    fill="none"
                    strokeWidth={1.5}
                    vectorEffect="non-scaling-stroke"
                    className="stroke-accent"
                  />
                ))}
              {/* A zero-length stroke with round caps: a round dot however the chart is stretched. */}
              <path
                d={points.map((point) => `M${x(point.date)} ${y(point.value)}h0`).join('')}
                strokeWidth={dotWidth}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
                className="stroke-accent"
                data-testid="trend-dots"
                data-count={points.length}
              />
            </svg>
            <div aria-hidden className="flex justify-between text-xs text-fg-subtle">
              <span>{formatCalendarDay(from)}</span>
              <span>{formatCalendarDay(to)}</span>
            </div>
          </div>
        </div>
      )}
      {points.length > 0 && (band || lines.length > 0) && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
          {band && (
            <li className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-2.5 w-4 rounded-sm bg-accent/25" />
              {band.label}
            </li>
          )}
          {lines.map((line) => (
            <li key={line.label} className="flex items-center gap-1.5">
              <svg aria-hidden viewBox="0 0 16 4" className="h-1 w-4">
                <line x1={0} y1={2} x2={16} y2={2} strokeWidth={1.5} strokeDasharray={line.dashed ? '5 4' : '1.5 3'} className={line.stroke} />
              </svg>
              {line.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** The chart in words: how many readings, their span, the latest, and the last day's normal range. */
export function trendSummary({ title, unit, from, to, points, band, decimals }: Omit<TrendChartProps, 'lines'>): string {
  const format = (value: number) => formatNumber(value, decimals);
  const values = points.map((point) => point.value);
  const days = dayIndex(to, from) + 1;
  const latest = points.at(-1);
  const lastBand = band?.days.at(-1);
  return [
    `${title}, ${formatCalendarDay(from)} to ${formatCalendarDay(to)}: ${points.length} of ${days} days recorded,`,
    `from ${format(Math.min(...values))} to ${format(Math.max(...values))} ${unit};`,
    latest && `latest ${format(latest.value)} ${unit} on ${formatCalendarDay(latest.date)}.`,
    lastBand && `Normal range on ${formatCalendarDay(lastBand.date)}: ${format(lastBand.low)}–${format(lastBand.high)} ${unit}.`,
  ]
    .filter((part) => typeof part === 'string')
    .join(' ');
}
