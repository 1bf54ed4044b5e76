import { useId, useMemo, useState } from 'react';
import { formatCursorClock } from './chart-format.ts';
import { readChartPalette } from './chart-theme.ts';
import { ReadoutItem } from './readout-item.tsx';
import { StreamPanelChart } from './stream-panel-chart.tsx';
import { valueAt, type StreamPanel } from './stream-panels.ts';

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

/** The activity's streams over elapsed time: stacked panels with one cursor and one readout. */
export function StreamsChart({ panels, durationS }: { panels: StreamPanel[]; durationS: number }) {
  const palette = useMemo(() => readChartPalette(), []);
  const syncKey = useId();
  const rangeS = useMemo<[number, number]>(() => [0, Math.max(1, durationS)], [durationS]);
  const [cursorS, setCursorS] = useState<number | null>(null);

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
      <div className="flex flex-col">
        {panels.map((panel, index) => (
          <StreamPanelChart
            key={panel.key}
            panel={panel}
            palette={palette}
            rangeS={rangeS}
            syncKey={syncKey}
            showTimeAxis={index === panels.length - 1}
            onCursorX={setCursorS}
            summary={describePanel(panel)}
          />
        ))}
      </div>
    </div>
  );
}
