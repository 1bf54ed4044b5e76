import { useMemo, useState } from 'react';
import type uPlot from 'uplot';
import { formatCurveDuration } from './chart-format.ts';
import { cursorIndexHook, curveDurationAxis, LOG_DURATION_SCALE, themedAxis } from './chart-options.ts';
import { readChartPalette } from './chart-theme.ts';
import { ReadoutItem } from './readout-item.tsx';
import { UplotChart } from './uplot-chart.tsx';

export const SEASON_CURVE_HEIGHT_PX = 240;

/** One range's curve: its points by duration (seconds), and how a value reads. */
export interface SeasonCurve {
  label: string;
  points: readonly { durationS: number; value: number | null }[];
}

export interface SeasonCurveChartProps {
  /** The first range's curve (solid, accent) and the compared one (dashed, muted). */
  curves: readonly [SeasonCurve, SeasonCurve | null];
  /** A value as the readout and the axis write it (with its unit in the readout). */
  formatValue: (value: number) => string;
  formatAxis: (value: number) => string;
  /** Pace: faster (fewer seconds) higher up. */
  lowerIsBetter?: boolean;
  summary: string;
}

/**
 * Best efforts of one or two ranges by duration, on a log duration axis (the season's power and
 * pace curves). The two curves' durations are merged: where one has no point, it has a gap.
 */
export function SeasonCurveChart({ curves, formatValue, formatAxis, lowerIsBetter = false, summary }: SeasonCurveChartProps) {
  const [index, setIndex] = useState<number | null>(null);
  const [first, second] = curves;

  const data = useMemo<uPlot.AlignedData>(() => {
    const durations = [...new Set([...first.points, ...(second?.points ?? [])].map((point) => point.durationS))].sort((a, b) => a - b);
    const along = (curve: SeasonCurve) => {
      const byDuration = new Map(curve.points.map((point) => [point.durationS, point.value]));
      return durations.map((durationS) => byDuration.get(durationS) ?? null);
    };
    return second ? [durations, along(first), along(second)] : [durations, along(first)];
  }, [first, second]);

  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const palette = readChartPalette();
    return {
      legend: { show: false },
      padding: [8, 16, 0, 0],
      cursor: { y: false, drag: { x: false, y: false, setScale: false }, points: { size: 7, stroke: palette.surface, width: 1.5 } },
      scales: { x: LOG_DURATION_SCALE, y: { dir: lowerIsBetter ? -1 : 1 } },
      axes: [
        curveDurationAxis(palette),
        themedAxis(palette, { size: 48, values: (_u, splits) => splits.map(formatAxis) }),
      ],
      series: [
        {},
        { label: first.label, stroke: palette.accent, width: 2, points: { show: first.points.length < 12, size: 5 }, spanGaps: true },
        ...(second ? [{ label: second.label, stroke: palette.muted, width: 1.5, dash: [5, 4], points: { show: second.points.length < 12, size: 5 }, spanGaps: true }] : []),
      ],
      hooks: { setCursor: [cursorIndexHook(setIndex)] },
    };
  }, [first.label, first.points.length, second, formatAxis, lowerIsBetter]);

  const valueAt = (series: number) => {
    if (index === null) return null;
    const value = data[series]?.[index];
    return value === null || value === undefined ? '–' : formatValue(value);
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="flex min-h-5 flex-wrap items-baseline gap-x-4 gap-y-1 text-xs" aria-hidden>
        {index !== null && <span className="font-medium text-fg tabular-nums">{formatCurveDuration(data[0][index]!)}</span>}
        <ReadoutItem color="accent" label={first.label} value={valueAt(1)} />
        {second && <ReadoutItem color="muted" label={second.label} value={valueAt(2)} dashed />}
      </p>
      <UplotChart options={options} data={data} heightPx={SEASON_CURVE_HEIGHT_PX} summary={summary} />
    </div>
  );
}
