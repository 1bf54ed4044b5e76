import { useCallback, useId, useMemo, useState } from 'react';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatCursorClock } from './chart-format.ts';
import { readChartPalette } from './chart-theme.ts';
import { ReadoutItem } from './readout-item.tsx';
import { StreamPanelChart } from './stream-panel-chart.tsx';
import { valueAt, type StreamPanel } from './stream-panels.ts';
import { StreamRange } from './stream-range.tsx';

/** What one panel shows, in words: its range over the activity. */
function describePanel(panel: StreamPanel): string {
  const values = panel.series.y.filter((value): value is number => value !== null);
  const low = panel.format(Math.min(...values));
  const high = panel.format(Math.max(...values));
  // A pace axis runs from slow to fast: its 'low' is the higher number of minutes.
  return panel.inverted
    ? `${panel.label} from ${high} to ${low} ${panel.unit}`
    : `${panel.label} from ${low} to ${high} ${panel.unit}`;
}

/** Where the plot area sits in each panel: after the value axis, before the right padding (stream-panel-chart.tsx). */
const PLOT_LEFT_PX = 44;
const PLOT_RIGHT_PX = 8;

export interface StreamsChartProps {
  panels: StreamPanel[];
  durationS: number;
  /** For the figures of a selected stretch. */
  activityId: string;
  run: boolean;
  units: UnitSystem;
}

/**
 * The activity's streams over elapsed time: stacked panels with one cursor and one readout, and a
 * stretch selected by a drag across any panel or by the sliders below, with its figures.
 */
export function StreamsChart({ panels, durationS, activityId, run, units }: StreamsChartProps) {
  const palette = useMemo(() => readChartPalette(), []);
  const syncKey = useId();
  const rangeS = useMemo<[number, number]>(() => [0, Math.max(1, durationS)], [durationS]);
  const [cursorS, setCursorS] = useState<number | null>(null);
  const end = Math.floor(durationS);
  const [stretch, setStretch] = useState<[number, number] | null>(null);
  const onSelectX = useCallback(
    (fromS: number, toS: number) => {
      const from = Math.max(0, Math.min(end - 1, Math.round(fromS)));
      const to = Math.max(from + 1, Math.min(end, Math.round(toS)));
      setStretch([from, to]);
    },
    [end],
  );
  const share = (seconds: number) => seconds / Math.max(1, durationS);

  return (
    <div className="flex flex-col gap-2">
      <p className="flex min-h-5 flex-wrap items-baseline gap-x-4 gap-y-1 text-xs" aria-hidden>
        {cursorS !== null && <span className="font-medium text-fg tabular-nums">{formatCursorClock(cursorS)}</span>}
        {panels.map((panel) => {
          const value = cursorS === null ? null : valueAt(panel.series, cursorS);
          return (
            <ReadoutItem
              key={panel.key}
              color={panel.color}
              label={panel.label}
              value={cursorS === null ? null : value === null ? '–' : `${panel.format(value)} ${panel.unit}`}
            />
          );
        })}
      </p>
      <div className="relative flex flex-col">
        {stretch && (
          <div
            aria-hidden
            data-testid="stretch-overlay"
            className="pointer-events-none absolute inset-y-0 z-10 border-x border-accent bg-accent/10"
            style={{
              left: `calc(${PLOT_LEFT_PX}px + (100% - ${PLOT_LEFT_PX + PLOT_RIGHT_PX}px) * ${share(stretch[0])})`,
              width: `calc((100% - ${PLOT_LEFT_PX + PLOT_RIGHT_PX}px) * ${share(stretch[1] - stretch[0])})`,
            }}
          />
        )}
        {panels.map((panel, index) => (
          <StreamPanelChart
            key={panel.key}
            panel={panel}
            palette={palette}
            rangeS={rangeS}
            syncKey={syncKey}
            showTimeAxis={index === panels.length - 1}
            onCursorX={setCursorS}
            onSelectX={onSelectX}
            summary={describePanel(panel)}
          />
        ))}
      </div>
      <StreamRange activityId={activityId} durationS={durationS} run={run} units={units} stretch={stretch} onStretch={setStretch} />
    </div>
  );
}
