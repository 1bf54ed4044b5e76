import { useMemo } from 'react';
import type uPlot from 'uplot';
import { CLOCK_AXIS_STEPS_S, formatAxisClock } from './chart-format.ts';
import { CHART_FONT, cursorXHook, themedAxis } from './chart-options.ts';
import { withAlpha, type ChartPalette } from './chart-theme.ts';
import type { StreamPanel } from './stream-panels.ts';
import { UplotChart } from './uplot-chart.tsx';

interface StreamPanelChartProps {
  panel: StreamPanel;
  palette: ChartPalette;
  /** Every panel of one chart shares the x range and the cursor. */
  rangeS: [number, number];
  syncKey: string;
  /** Only the bottom panel labels the time axis. */
  showTimeAxis: boolean;
  onCursorX(x: number | null): void;
  /** A drag across the panel selects the stretch of elapsed time it covers (seconds). */
  onSelectX(fromS: number, toS: number): void;
  summary: string;
}

const PANEL_HEIGHT_PX = 96;
const TIME_AXIS_HEIGHT_PX = 24;
const VALUE_AXIS_WIDTH_PX = 44;
const AXIS_LABEL_SIZE_PX = 14;

/** One stream over elapsed time, in a stack of panels that share a cursor. */
export function StreamPanelChart({ panel, palette, rangeS, syncKey, showTimeAxis, onCursorX, onSelectX, summary }: StreamPanelChartProps) {
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const color = palette[panel.color];
    return {
      legend: { show: false },
      // Room above and below for the half of the end labels that sits outside the plot.
      padding: [8, 8, showTimeAxis ? 0 : 8, 0],
      cursor: {
        sync: { key: syncKey, setSeries: false },
        y: false,
        // A drag selects a stretch; the chart keeps its scale and the stretch is drawn over every panel.
        drag: { x: true, y: false, setScale: false },
        points: { size: 7, fill: color, stroke: palette.surface, width: 1.5 },
      },
      scales: {
        x: { time: false, range: rangeS },
        y: { dir: panel.inverted ? -1 : 1, ...(panel.rangeY ? { range: panel.rangeY } : {}) },
      },
      axes: [
        themedAxis(palette, {
          incrs: CLOCK_AXIS_STEPS_S,
          size: showTimeAxis ? TIME_AXIS_HEIGHT_PX : 0,
          ...(showTimeAxis ? { label: 'Elapsed time (h:mm)', labelSize: AXIS_LABEL_SIZE_PX, labelFont: CHART_FONT, labelGap: 0 } : {}),
          values: (_u, splits) => splits.map((s) => (showTimeAxis ? formatAxisClock(s) : '')),
        }),
        // Each panel's unit on its own axis: W, bpm, km/h or mph, min/km or min/mi, m or ft.
        themedAxis(palette, {
          size: VALUE_AXIS_WIDTH_PX,
          label: panel.key === 'pace' ? `min${panel.unit}` : panel.unit,
          labelSize: AXIS_LABEL_SIZE_PX,
          labelFont: CHART_FONT,
          labelGap: 0,
          ...(panel.axisSteps ? { incrs: panel.axisSteps } : {}),
          values: (_u, splits) => splits.map((value) => panel.formatAxis(value)),
        }),
      ],
      series: [
        {},
        {
          label: panel.label,
          stroke: color,
          width: 1.25,
          points: { show: false },
          ...(panel.filled ? { fill: withAlpha(color, 0.15) } : {}),
        },
      ],
      hooks: {
        setCursor: [cursorXHook(onCursorX)],
        setSelect: [
          (u: uPlot) => {
            const { left, width } = u.select;
            if (width < 2) return;
            onSelectX(u.posToVal(left, 'x'), u.posToVal(left + width, 'x'));
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          },
        ],
      },
    };
  }, [panel, palette, rangeS, syncKey, showTimeAxis, onCursorX, onSelectX]);
  const data = useMemo<uPlot.AlignedData>(() => [panel.series.x, panel.series.y], [panel]);

  return (
    <UplotChart
      options={options}
      data={data}
      heightPx={PANEL_HEIGHT_PX + (showTimeAxis ? TIME_AXIS_HEIGHT_PX + AXIS_LABEL_SIZE_PX : 0)}
      summary={summary}
    />
  );
}
