import { useMemo, useState } from 'react';
import type uPlot from 'uplot';
import { formatChartDay } from './chart-format.ts';
import { FITNESS_CHART_HEIGHT_PX } from './chart-sizes.ts';
import { cursorIndexHook, themedAxis } from './chart-options.ts';
import { readChartPalette, withAlpha } from './chart-theme.ts';
import { dayAxisSplits, describeFitness, shownFitness, todayIndex, type FitnessDayView } from './fitness-summary.ts';
import { ReadoutItem } from './readout-item.tsx';
import { UplotChart } from './uplot-chart.tsx';

/** Below this plot width, date labels every four weeks instead of two keep them apart. */
const NARROW_PLOT_PX = 420;

/** Fitness (CTL), fatigue (ATL) and form (TSB) day by day, today marked. */
export function FitnessChart({ days }: { days: FitnessDayView[] }) {
  const [cursorIndex, setCursorIndex] = useState<number | null>(null);
  const today = todayIndex(days, new Date().toISOString().slice(0, 10));
  const shown = days[cursorIndex ?? today ?? days.length - 1]!;
  const figures = shownFitness(shown);

  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const palette = readChartPalette();
    const markToday = (u: uPlot) => {
      if (today === null) return;
      const { ctx } = u;
      const x = Math.round(u.valToPos(today, 'x', true));
      const top = u.bbox.top;
      ctx.save();
      ctx.strokeStyle = palette.axis;
      ctx.lineWidth = devicePixelRatio;
      ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + u.bbox.height);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = palette.axis;
      ctx.font = `${11 * devicePixelRatio}px ui-sans-serif, system-ui, sans-serif`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'top';
      ctx.fillText('Today', x - 4 * devicePixelRatio, top + 2 * devicePixelRatio);
      ctx.restore();
    };
    return {
      legend: { show: false },
      // Room on the right for the half of today's date label past the last day.
      padding: [8, 20, 0, 0],
      cursor: { y: false, drag: { x: false, y: false, setScale: false }, points: { size: 7, stroke: palette.surface, width: 1.5 } },
      scales: { x: { time: false } },
      axes: [
        themedAxis(palette, {
          size: 24,
          splits: (u) => dayAxisSplits(days.length, u.bbox.width / devicePixelRatio < NARROW_PLOT_PX ? 28 : 14),
          values: (_u, splits) => splits.map((index) => (days[index] ? formatChartDay(days[index].date) : '')),
        }),
        themedAxis(palette, { size: 36, values: (_u, splits) => splits.map((value) => String(Math.round(value))) }),
      ],
      series: [
        {},
        { label: 'Fitness (CTL)', stroke: palette.pulse, width: 2, points: { show: false } },
        { label: 'Fatigue (ATL)', stroke: palette.danger, width: 1.5, points: { show: false } },
        { label: 'Form (TSB)', stroke: palette.accent, width: 1.5, fill: withAlpha(palette.accent, 0.12), fillTo: 0, points: { show: false } },
      ],
      hooks: { setCursor: [cursorIndexHook(setCursorIndex)], draw: [markToday] },
    };
  }, [days, today]);
  const data = useMemo<uPlot.AlignedData>(
    () => [days.map((_, index) => index), days.map((day) => day.ctl), days.map((day) => day.atl), days.map((day) => day.tsb)],
    [days],
  );

  return (
    <div className="flex flex-col gap-2">
      <p className="flex min-h-5 flex-wrap items-baseline gap-x-4 gap-y-1 text-xs" aria-hidden>
        <span className="font-medium text-fg tabular-nums">
          {cursorIndex === null && today !== null ? 'Today' : formatChartDay(shown.date)}
        </span>
        <ReadoutItem color="pulse" label="Fitness" value={figures.fitness} />
        <ReadoutItem color="danger" label="Fatigue" value={figures.fatigue} />
        <ReadoutItem color="accent" label="Form" value={figures.form} />
      </p>
      <UplotChart options={options} data={data} heightPx={FITNESS_CHART_HEIGHT_PX} summary={describeFitness(days)} />
    </div>
  );
}
