import type { AskChart } from '../../../shared/api/coach-conversations.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { extent, linearScale, linePath, niceTicks, PLOT, PLOT_X, PLOT_Y } from './chart-geometry.ts';
import { ChartAxes } from './chart-axes.tsx';

type FitnessChart = Extract<AskChart, { kind: 'fitness' }>;

/** Fitness (CTL), fatigue (ATL) and form (TSB) over the answer's days, with form's zero line. */
export function FitnessMiniChart({ chart }: { chart: FitnessChart }) {
  const { days } = chart;
  const values = extent(days.flatMap((day) => [day.ctl, day.atl, day.tsb, 0]));
  if (values === null || days.length === 0) return null;
  const x = linearScale({ min: 0, max: Math.max(1, days.length - 1) }, PLOT_X);
  const y = linearScale(values, PLOT_Y);
  const line = (pick: (day: FitnessChart['days'][number]) => number) => linePath(days.map((day, index) => ({ x: x(index), y: y(pick(day)) })));
  const first = days[0]!;
  const last = days.at(-1)!;
  return (
    <>
      <ChartAxes
        yTicks={niceTicks(values).map((value) => ({ value, at: y(value), label: String(value) }))}
        xTicks={[
          { at: x(0), label: formatShortCalendarDay(first.date), anchor: 'start' },
          { at: x(days.length - 1), label: formatShortCalendarDay(last.date), anchor: 'end' },
        ]}
      />
      <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={y(0)} y2={y(0)} className="stroke-line-strong" strokeWidth={1} />
      <path d={line((day) => day.tsb)} className="fill-none stroke-fg-muted" strokeWidth={1.5} strokeDasharray="4 3" />
      <path d={line((day) => day.atl)} className="fill-none stroke-danger" strokeWidth={1.5} />
      <path d={line((day) => day.ctl)} className="fill-none stroke-accent" strokeWidth={2} />
    </>
  );
}
