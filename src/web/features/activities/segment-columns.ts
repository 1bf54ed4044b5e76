import type { ActivityInterval, ActivityLap } from '../../../shared/api/activity-intervals.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatClock, formatDistance, formatNumber, formatPace, formatSpeed } from '../../../shared/format.ts';

export type Segment = ActivityLap | ActivityInterval;

export interface SegmentColumn {
  key: string;
  /** The header, with its unit. */
  label: string;
  cell: (segment: Segment) => string;
}

const whole = (value: number | null, unit: string) => (value === null ? '—' : `${formatNumber(value)}${unit ? ` ${unit}` : ''}`);

/**
 * The columns a table of laps or intervals shows: duration and start always; every other figure
 * only when at least one row has it (no power meter, no power or % FTP column). A run reads pace,
 * anything else speed.
 */
export function segmentColumns(segments: readonly Segment[], options: { units: UnitSystem; run: boolean }): SegmentColumn[] {
  const { units, run } = options;
  const has = (read: (segment: Segment) => number | null) => segments.some((segment) => read(segment) !== null);
  const columns: (SegmentColumn | false)[] = [
    { key: 'start', label: 'Start', cell: (segment) => formatClock(segment.startS) },
    { key: 'duration', label: 'Duration', cell: (segment) => formatClock(segment.durationS) },
    has((segment) => segment.distanceM) && {
      key: 'distance',
      label: `Distance (${formatDistance(0, units).unit})`,
      cell: (segment) => (segment.distanceM === null ? '—' : formatDistance(segment.distanceM, units).value),
    },
    has((segment) => segment.averagePowerW) && { key: 'power', label: 'Avg power (W)', cell: (segment) => whole(segment.averagePowerW, '') },
    has((segment) => segment.normalizedPowerW) && { key: 'np', label: 'NP (W)', cell: (segment) => whole(segment.normalizedPowerW, '') },
    has((segment) => segment.ftpPct) && { key: 'ftp', label: '% FTP', cell: (segment) => (segment.ftpPct === null ? '—' : `${formatNumber(segment.ftpPct)}%`) },
    has((segment) => segment.averageHeartrateBpm) && { key: 'hr', label: 'Avg HR (bpm)', cell: (segment) => whole(segment.averageHeartrateBpm, '') },
    has((segment) => segment.maxHeartrateBpm) && { key: 'maxHr', label: 'Max HR (bpm)', cell: (segment) => whole(segment.maxHeartrateBpm, '') },
    has((segment) => segment.averageCadenceRpm) && {
      key: 'cadence',
      label: run ? 'Cadence (spm)' : 'Cadence (rpm)',
      cell: (segment) => whole(segment.averageCadenceRpm, ''),
    },
    has((segment) => positive(segment.averageSpeedMps)) &&
      (run
        ? {
            key: 'pace',
            label: `Pace (${formatPace(300, units).unit})`,
            cell: (segment) => {
              const mps = positive(segment.averageSpeedMps);
              return mps === null ? '—' : formatPace(1000 / mps, units).value;
            },
          }
        : {
            key: 'speed',
            label: `Speed (${formatSpeed(0, units).unit})`,
            cell: (segment) => {
              const mps = positive(segment.averageSpeedMps);
              return mps === null ? '—' : formatSpeed(mps, units).value;
            },
          }),
  ];
  return columns.filter((column): column is SegmentColumn => column !== false);
}

function positive(value: number | null): number | null {
  return value !== null && value > 0 ? value : null;
}

/** '4 × 8:00 work' for the table's caption: how many work intervals, and their typical length. */
export function workSummary(intervals: readonly ActivityInterval[]): string {
  const work = intervals.filter((interval) => interval.kind === 'work');
  const durations = work.map((interval) => interval.durationS).sort((a, b) => a - b);
  const median = durations[Math.floor((durations.length - 1) / 2)];
  return median === undefined ? '' : `${work.length} × ${formatClock(median)} work`;
}
