import { useMemo, useState } from 'react';
import type uPlot from 'uplot';
import { useFitnessForecast } from './api/fitness-forecast.ts';
import { formatChartDay } from './chart-format.ts';
import { FITNESS_CHART_HEIGHT_PX } from './chart-sizes.ts';
import { cursorIndexHook, themedAxis } from './chart-options.ts';
import { readChartPalette, withAlpha } from './chart-theme.ts';
import { axisSplitsAround, dayAxisStep, fitnessProjection } from './fitness-projection.ts';
import { dayAxisSplits, describeFitness, shownFitness, todayIndex, type FitnessDayView } from './fitness-summary.ts';
import { ReadoutItem } from './readout-item.tsx';
import { UplotChart } from './uplot-chart.tsx';

/** Below this plot width, date labels every four weeks instead of two keep them apart. */
const PROJECTED_DASH = [6, 4];

/**
 * Fitness (CTL), fatigue (ATL) and form (TSB) day by day, today marked; with an active plan, the
 * three carried on dashed over its planned load to the event day (ADR 0081), which is marked and
 * whose projected figures are written under the chart.
 */
export function FitnessChart({ days }: { days: FitnessDayView[] }) {
  // Asked for here, in the chart's own lazily loaded code: nothing of it is on Home's first screen.
  const forecast = useFitnessForecast();
  const projection = useMemo(() => (forecast.data ? fitnessProjection(forecast.data, days.at(-1)?.date) : null), [forecast.data, days]);
  const all = useMemo(() => (projection ? [...days, ...projection.days] : days), [days, projection]);
  const [cursorIndex, setCursorIndex] = useState<number | null>(null);
  const today = todayIndex(days, new Date().toISOString().slice(0, 10));
  const shown = all[cursorIndex ?? today ?? days.length - 1]!;
  const figures = shownFitness(shown);
  const eventIndex = projection?.eventIndex == null ? null : days.length + projection.eventIndex;
  const target = eventIndex === null ? null : (projection?.target ?? null);

  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const palette = readChartPalette();
    const markDay = (u: uPlot, index: number | null, label: string) => {
      if (index === null) return;
      const { ctx } = u;
      const x = Math.round(u.valToPos(index, 'x', true));
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
      ctx.fillText(label, x - 4 * devicePixelRatio, top + 2 * devicePixelRatio);
      ctx.restore();
    };
    // The event morning's form window: a bracket at the event day, in form's colour.
    const markTarget = (u: uPlot) => {
      if (eventIndex === null || !target) return;
      const { ctx } = u;
      const x = Math.round(u.valToPos(eventIndex, 'x', true));
      const top = Math.round(u.valToPos(target.formHigh, 'y', true));
      const bottom = Math.round(u.valToPos(target.formLow, 'y', true));
      const half = 5 * devicePixelRatio;
      ctx.save();
      ctx.fillStyle = withAlpha(palette.accent, 0.22);
      ctx.fillRect(x - half, top, 2 * half, bottom - top);
      ctx.strokeStyle = palette.accent;
      ctx.lineWidth = 1.5 * devicePixelRatio;
      ctx.beginPath();
      ctx.moveTo(x - half, top);
      ctx.lineTo(x + half, top);
      ctx.moveTo(x - half, bottom);
      ctx.lineTo(x + half, bottom);
      ctx.stroke();
      ctx.restore();
    };
    const line = (label: string, stroke: string, width: number, dash?: number[]): uPlot.Series => ({ label, stroke, width, dash, points: { show: false } });
    return {
      legend: { show: false },
      // Room on the right for the half of today's date label past the last day.
      padding: [8, 20, 0, 0],
      cursor: { y: false, drag: { x: false, y: false, setScale: false }, points: { size: 7, stroke: palette.surface, width: 1.5 } },
      scales: {
        x: { time: false },
        // With a form window to draw, the scale reaches it.
        y: target
          ? { range: (_u, min, max) => {
              const low = Math.min(min, target.formLow);
              const high = Math.max(max, target.formHigh);
              const pad = (high - low) * 0.05;
              return [low - pad, high + pad];
            } }
          : {},
      },
      axes: [
        themedAxis(palette, {
          size: 24,
          splits: (u) => {
            const step = dayAxisStep(all.length, u.bbox.width / devicePixelRatio);
            return all.length > days.length ? axisSplitsAround(all.length, step, days.length - 1) : dayAxisSplits(days.length, step);
          },
          values: (_u, splits) => splits.map((index) => (all[index] ? formatChartDay(all[index].date) : '')),
        }),
        themedAxis(palette, { size: 36, values: (_u, splits) => splits.map((value) => String(Math.round(value))) }),
      ],
      series: [
        {},
        line('Fitness (CTL)', palette.pulse, 2),
        line('Fatigue (ATL)', palette.danger, 1.5),
        { ...line('Form (TSB)', palette.accent, 1.5), fill: withAlpha(palette.accent, 0.12), fillTo: 0 },
        line('Projected fitness', palette.pulse, 2, PROJECTED_DASH),
        line('Projected fatigue', palette.danger, 1.5, PROJECTED_DASH),
        line('Projected form', palette.accent, 1.5, PROJECTED_DASH),
      ],
      hooks: {
        setCursor: [cursorIndexHook(setCursorIndex)],
        draw: [
          (u) => {
            markDay(u, today, 'Today');
            markDay(u, eventIndex, 'Event');
            markTarget(u);
          },
        ],
      },
    };
  }, [all, days.length, today, eventIndex, target]);
  const data = useMemo<uPlot.AlignedData>(() => {
    const last = days.length - 1;
    // The history up to today, the projection from today on (joined at today's morning).
    const history = (value: (day: FitnessDayView) => number) => all.map((day, index) => (index <= last ? value(day) : null));
    const ahead = (value: (day: FitnessDayView) => number) => all.map((day, index) => (index >= last && all.length > days.length ? value(day) : null));
    return [
      all.map((_, index) => index),
      history((day) => day.ctl),
      history((day) => day.atl),
      history((day) => day.tsb),
      ahead((day) => day.ctl),
      ahead((day) => day.atl),
      ahead((day) => day.tsb),
    ];
  }, [all, days.length]);

  return (
    <div className="flex flex-col gap-2">
      <p className="flex min-h-5 flex-wrap items-baseline gap-x-4 gap-y-1 text-xs" aria-hidden>
        <span className="font-medium text-fg tabular-nums">
          {cursorIndex === null && today !== null ? 'Today' : `${formatChartDay(shown.date)}${cursorIndex !== null && cursorIndex >= days.length ? ' (projected)' : ''}`}
        </span>
        <ReadoutItem color="pulse" label="Fitness" value={figures.fitness} />
        <ReadoutItem color="danger" label="Fatigue" value={figures.fatigue} />
        <ReadoutItem color="accent" label="Form" value={figures.form} />
      </p>
      <UplotChart options={options} data={data} heightPx={FITNESS_CHART_HEIGHT_PX} summary={describeFitness(days)} />
      {projection && (
        <p className="text-xs text-fg-muted" data-testid="fitness-projection">
          Dashed: projected from your plan’s planned load{target && '; the bracket at the event is the form to arrive with'}. <span className="font-medium text-fg">{projection.text}</span>
          {projection.target && <span className={projection.target.met ? undefined : 'text-fg'}> {projection.target.text}</span>}
          {projection.assumed && ` ${forecast.data!.assumption}`}
        </p>
      )}
    </div>
  );
}
