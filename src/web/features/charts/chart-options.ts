import type uPlot from 'uplot';
import { CURVE_AXIS_LANDMARKS_NARROW_S, CURVE_AXIS_LANDMARKS_S, formatCurveDuration } from './chart-format.ts';
import type { ChartPalette } from './chart-theme.ts';

/** Axis labels in the app's font, small enough for a phone. */
export const CHART_FONT = '11px ui-sans-serif, system-ui, sans-serif';

/** An axis in the theme's muted colours, without tick marks (the grid shows the steps). */
export function themedAxis(palette: ChartPalette, axis: uPlot.Axis): uPlot.Axis {
  return {
    stroke: palette.axis,
    font: CHART_FONT,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { show: false },
    ...axis,
  };
}

/**
 * A hook reporting the x value under the cursor (null when it leaves), for readouts drawn in
 * HTML. Synced plots all report the same value, so a React state set from several stays put.
 */
export function cursorXHook(onCursorX: (x: number | null) => void): (u: uPlot) => void {
  return (u) => {
    const { idx, left } = u.cursor;
    onCursorX(idx === null || idx === undefined || left === undefined || left < 0 ? null : u.posToVal(left, 'x'));
  };
}

/** A hook reporting the data index under the cursor (null when it leaves). */
export function cursorIndexHook(onCursorIndex: (index: number | null) => void): (u: uPlot) => void {
  return (u) => onCursorIndex(u.cursor.idx ?? null);
}

/** Below this plot width a duration axis labels fewer landmarks. */
const NARROW_CURVE_PLOT_PX = 400;

/** A log duration scale from the shortest to the longest effort (uPlot would round out to a power of ten). */
export const LOG_DURATION_SCALE: uPlot.Scale = { time: false, distr: 3, log: 10, range: (_u, min, max) => [min, max] };

/**
 * The duration axis of a power or pace curve: the landmark durations inside the scale, fewer on a
 * narrow plot, every one labelled (a log axis otherwise labels only 1, 2 and 5 × 10ⁿ).
 */
export function curveDurationAxis(palette: ChartPalette): uPlot.Axis {
  return themedAxis(palette, {
    size: 24,
    splits: (u) => {
      const { min = 1, max = 1 } = u.scales.x!;
      const landmarks = u.bbox.width / devicePixelRatio < NARROW_CURVE_PLOT_PX ? CURVE_AXIS_LANDMARKS_NARROW_S : CURVE_AXIS_LANDMARKS_S;
      return landmarks.filter((durationS) => durationS >= min && durationS <= max);
    },
    filter: (_u, splits) => splits,
    values: (_u, splits) => splits.map(formatCurveDuration),
  });
}
