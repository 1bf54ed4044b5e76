import type { AskChart } from '../../../shared/api/coach-conversations.ts';
import { durationTicks, extent, linearScale, linePath, logScale, niceTicks, PLOT_X, PLOT_Y, shortDuration } from './chart-geometry.ts';
import { ChartAxes } from './chart-axes.tsx';

type PowerCurveChart = Extract<AskChart, { kind: 'power-curve' }>;

/** The first period in the accent colour, the second (the one compared with) in the pulse colour. */
export const SERIES_STROKES = ['stroke-accent', 'stroke-pulse'] as const;

/** One or two periods' best power per duration, durations on a log axis (seconds to hours). */
export function PowerCurveMiniChart({ chart }: { chart: PowerCurveChart }) {
  const points = chart.series.flatMap((series) => series.points);
  const durations = extent(points.map((point) => (point.durationS > 0 ? point.durationS : null)));
  const watts = extent(points.map((point) => point.watts));
  if (durations === null || watts === null) return null;
  const x = logScale(durations, PLOT_X);
  const yTicks = niceTicks(watts);
  const y = linearScale({ min: Math.min(watts.min, yTicks[0]!), max: Math.max(watts.max, yTicks.at(-1)!) }, PLOT_Y);
  return (
    <>
      <ChartAxes
        yTicks={yTicks.map((value) => ({ at: y(value), label: String(value) }))}
        xTicks={durationTicks(durations).map((durationS) => ({ at: x(durationS), label: shortDuration(durationS) }))}
      />
      {chart.series.slice(0, 2).map((series, index) => (
        <path
          key={series.label}
          d={linePath(series.points.filter((point) => point.durationS > 0).map((point) => ({ x: x(point.durationS), y: point.watts === null ? null : y(point.watts) })))}
          className={`fill-none ${SERIES_STROKES[index]}`}
          strokeWidth={2}
          strokeDasharray={index === 1 ? '5 3' : undefined}
        />
      ))}
    </>
  );
}
