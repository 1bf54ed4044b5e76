import { useMemo, useState } from 'react';
import type uPlot from 'uplot';
import { formatCurveDuration } from './chart-format.ts';
import { POWER_CURVE_HEIGHT_PX } from './chart-sizes.ts';
import { cursorIndexHook, curveDurationAxis, LOG_DURATION_SCALE, themedAxis } from './chart-options.ts';
import { readChartPalette } from './chart-theme.ts';
import { describePowerCurves, type PowerCurveOverlay } from './power-curve-overlay.ts';
import { ReadoutItem } from './readout-item.tsx';
import { UplotChart } from './uplot-chart.tsx';

const watts = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${Math.round(value)} W`);

/** This activity's power-duration curve over the athlete's best of `days` days, on a log duration axis. */
export function PowerCurveChart({ overlay, days }: { overlay: PowerCurveOverlay; days: number }) {
  const [index, setIndex] = useState<number | null>(null);
  const bestLabel = `${days}-day best`;

  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const palette = readChartPalette();
    return {
      legend: { show: false },
      padding: [8, 16, 0, 0],
      cursor: { y: false, drag: { x: false, y: false, setScale: false }, points: { size: 7, stroke: palette.surface, width: 1.5 } },
      scales: { x: LOG_DURATION_SCALE },
      axes: [
        curveDurationAxis(palette),
        themedAxis(palette, { size: 44, values: (_u, splits) => splits.map((value) => String(Math.round(value))) }),
      ],
      series: [
        {},
        { label: 'This activity', stroke: palette.accent, width: 2, points: { show: false }, spanGaps: false },
        { label: bestLabel, stroke: palette.muted, width: 1.5, dash: [5, 4], points: { show: false }, spanGaps: false },
      ],
      hooks: { setCursor: [cursorIndexHook(setIndex)] },
    };
  }, [bestLabel]);
  const data = useMemo<uPlot.AlignedData>(() => [overlay.durationsS, overlay.activityW, overlay.bestW], [overlay]);

  return (
    <div className="flex flex-col gap-2">
      <p className="flex min-h-5 flex-wrap items-baseline gap-x-4 gap-y-1 text-xs" aria-hidden>
        {index !== null && (
          <span className="font-medium text-fg tabular-nums">{formatCurveDuration(overlay.durationsS[index]!)}</span>
        )}
        <ReadoutItem color="accent" label="This activity" value={index === null ? null : watts(overlay.activityW[index])} />
        <ReadoutItem color="muted" label={bestLabel} value={index === null ? null : watts(overlay.bestW[index])} dashed />
      </p>
      <UplotChart options={options} data={data} heightPx={POWER_CURVE_HEIGHT_PX} summary={describePowerCurves(overlay, days)} />
    </div>
  );
}
