import { useEffect, useId, useState } from 'react';
import type { ActivityRange } from '../../../shared/api/activity-range.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatClock, formatDistance, formatElevation, formatNumber, formatPace, formatSpeed } from '../../../shared/format.ts';
import { Button } from '../../ui/button.tsx';
import { useActivityRange } from './api/activity-range.ts';

/** How long a stretch must stay put before its figures are asked for: a slider held down moves many seconds. */
const SETTLE_MS = 250;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

interface StreamRangeProps {
  activityId: string;
  durationS: number;
  run: boolean;
  units: UnitSystem;
  stretch: [number, number] | null;
  onStretch(stretch: [number, number] | null): void;
}

/**
 * The selected stretch of the streams chart: its start and end as two sliders (keyboard and touch;
 * a drag across the chart sets them too) and its figures, computed on the server by the metric
 * functions every other figure of the activity comes from. A figure not recorded is left out.
 */
export function StreamRange({ activityId, durationS, run, units, stretch, onStretch }: StreamRangeProps) {
  const end = Math.floor(durationS);
  const [fromS, toS] = stretch ?? [0, end];
  const settled = useSettled(stretch);
  const range = useActivityRange(activityId, settled);
  const fromId = useId();
  const toId = useId();
  const figures = range.data && settled ? rangeFigures(range.data, { run, units }) : [];

  return (
    <section aria-label="Selected stretch" className="flex flex-col gap-3 rounded-lg border border-line bg-canvas/60 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={fromId} className="flex justify-between text-xs text-fg-muted">
            <span>Stretch start</span>
            <span className="font-medium text-fg tabular-nums">{formatClock(fromS)}</span>
          </label>
          <input
            id={fromId}
            type="range"
            min={0}
            max={end}
            step={1}
            value={fromS}
            aria-valuetext={formatClock(fromS)}
            onChange={(event) => onStretch([Math.min(Number(event.target.value), toS - 1), toS])}
            className="h-6 w-full accent-accent"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={toId} className="flex justify-between text-xs text-fg-muted">
            <span>Stretch end</span>
            <span className="font-medium text-fg tabular-nums">{formatClock(toS)}</span>
          </label>
          <input
            id={toId}
            type="range"
            min={0}
            max={end}
            step={1}
            value={toS}
            aria-valuetext={formatClock(toS)}
            onChange={(event) => onStretch([fromS, Math.max(Number(event.target.value), fromS + 1)])}
            className="h-6 w-full accent-accent"
          />
        </div>
      </div>
      {stretch === null ? (
        <p className="text-sm text-fg-muted">Drag across the chart, or move the start and end, to read the figures of a stretch.</p>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-fg" aria-live="polite">
              {formatClock(fromS)}–{formatClock(toS)}
              {range.isError && <span className="font-normal text-danger"> · The figures could not be loaded.</span>}
            </p>
            <Button variant="secondary" size="sm" onClick={() => onStretch(null)}>
              Clear
            </Button>
          </div>
          <dl
            className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4"
            data-testid="stretch-figures"
            data-from={range.data?.fromS}
            data-to={range.data?.toS}
            aria-busy={range.isFetching || settled !== stretch}
          >
            {figures.map((figure) => (
              <div key={figure.label} className="flex flex-col">
                <dt className="text-xs text-fg-muted">{figure.label}</dt>
                <dd className="font-semibold text-fg tabular-nums" data-figure={figure.key}>
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}

interface Figure {
  key: string;
  label: string;
  value: string;
}

/** The stretch's figures as text, each only when it was recorded. */
export function rangeFigures(range: ActivityRange, { run, units }: { run: boolean; units: UnitSystem }): Figure[] {
  const figures: (Figure | null)[] = [
    { key: 'duration', label: 'Duration', value: formatClock(range.durationS) },
    range.distanceM !== null && range.distanceM > 0
      ? { key: 'distance', label: 'Distance', value: measure(formatDistance(range.distanceM, units)) }
      : null,
    range.averagePowerW !== null ? { key: 'power', label: 'Avg power', value: `${formatNumber(range.averagePowerW)} W` } : null,
    range.normalizedPowerW !== null ? { key: 'np', label: 'NP', value: `${formatNumber(range.normalizedPowerW)} W` } : null,
    range.averageHeartrateBpm !== null ? { key: 'hr', label: 'Avg HR', value: `${formatNumber(range.averageHeartrateBpm)} bpm` } : null,
    range.averageSpeedMps !== null && range.averageSpeedMps > 0
      ? run
        ? { key: 'pace', label: 'Avg pace', value: measure(formatPace(1000 / range.averageSpeedMps, units)) }
        : { key: 'speed', label: 'Avg speed', value: measure(formatSpeed(range.averageSpeedMps, units)) }
      : null,
    range.elevationGainM !== null ? { key: 'elevation', label: 'Elevation gain', value: measure(formatElevation(range.elevationGainM, units)) } : null,
  ];
  return figures.filter((figure): figure is Figure => figure !== null);
}

const measure = ({ value, unit }: { value: string; unit: string }) => (unit.startsWith('/') ? `${value}${unit}` : `${value} ${unit}`);
