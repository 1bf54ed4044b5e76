import type uPlot from 'uplot';
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
