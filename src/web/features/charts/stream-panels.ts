import type { ActivityStreamsView } from '../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import type { ActivityFamily } from '../../lib/activity-family.ts';
import type { ChartColor } from './chart-theme.ts';
import {
  altitudeFromMetres,
  altitudeUnit,
  formatPaceValue,
  paceFromMps,
  paceUnit,
  speedFromMps,
  speedUnit,
} from './chart-format.ts';
import { downsampleSeries, type XySeries } from './downsample.ts';

/** One panel of the streams chart: a converted, thinned series and how to read it. */
export interface StreamPanel {
  key: 'power' | 'heartRate' | 'pace' | 'speed' | 'altitude';
  label: string;
  unit: string;
  color: ChartColor;
  series: XySeries;
  /** The value under the cursor. */
  format(value: number): string;
  /** The value as labelled on the axis (coarser where decimals would only crowd it). */
  formatAxis(value: number): string;
  /** Steps the axis may label, when decimal steps (1, 2, 5, 10…) would not read well. */
  axisSteps: number[] | null;
  /** The value range drawn, when the data's own extremes would squash the rest. */
  rangeY: [number, number] | null;
  /** Pace reads faster upwards, so its axis runs from slow (bottom) to fast (top). */
  inverted: boolean;
  /** Altitude is a terrain profile: drawn as a filled area. */
  filled: boolean;
}

/** Points per drawn series: about two per pixel of a wide chart, whatever the recording length. */
export const STREAM_CHART_POINTS = 1500;

/** Samples either side of each point when speed comes from the distance stream. */
const DERIVED_SPEED_HALF_WINDOW = 5;

/**
 * Speed from the distance stream, for recordings that carry none (GPX): distance over time across
 * a few samples either side, which evens out GPS jitter. Null where either end is unrecorded.
 */
export function speedFromDistance(timeS: readonly number[], distanceM: readonly (number | null)[]): (number | null)[] {
  return timeS.map((_, i) => {
    const from = Math.max(0, i - DERIVED_SPEED_HALF_WINDOW);
    const to = Math.min(timeS.length - 1, i + DERIVED_SPEED_HALF_WINDOW);
    const startM = distanceM[from];
    const endM = distanceM[to];
    const elapsedS = timeS[to]! - timeS[from]!;
    if (startM === null || startM === undefined || endM === null || endM === undefined || !(elapsedS > 0)) return null;
    return Math.max(0, endM - startM) / elapsedS;
  });
}

const round = (value: number) => String(Math.round(value));
const oneDecimal = (value: number) => value.toFixed(1);

/** A panel read the same on the axis and under the cursor, on a plain upward axis fitted to its data. */
const plain = (format: (value: number) => string) => ({
  format,
  formatAxis: format,
  axisSteps: null,
  rangeY: null,
  inverted: false,
  filled: false,
});

/** Pace axis steps in seconds: labels land on whole 15 s, minutes or multiples of them. */
const PACE_AXIS_STEPS_S = [5, 10, 15, 30, 60, 120, 300, 600];

/**
 * From the fastest pace to a little beyond the pace of all but the slowest 5 % of the time:
 * standing starts and stops at crossings would otherwise stretch the axis until the running sits
 * in a thin line at the top.
 */
export function paceRange(paceS: readonly (number | null)[]): [number, number] | null {
  const sorted = paceS.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const fastest = sorted[0]!;
  const slowest = sorted.at(-1)!;
  const typicalSlow = sorted[Math.floor(0.95 * (sorted.length - 1))]!;
  const slow = Math.min(slowest, typicalSlow + 0.15 * (typicalSlow - fastest) + 15);
  return [Math.max(0, fastest - 0.1 * (slow - fastest) - 5), slow];
}

function mapped(series: XySeries, convert: (value: number) => number | null): XySeries {
  return { x: series.x, y: series.y.map((value) => (value === null ? null : convert(value))) };
}

/**
 * The panels an activity's streams make, top to bottom: power (measured only, as spec §9 shows
 * power only when real power data exists), heart rate, pace for runs or speed otherwise, altitude.
 * A stream that is absent or never recorded makes no panel.
 */
export function buildStreamPanels(
  streams: ActivityStreamsView,
  activity: { family: ActivityFamily; measuredPower: boolean },
  units: UnitSystem,
  targetPoints = STREAM_CHART_POINTS,
): StreamPanel[] {
  const { timeS } = streams;
  const thinned = (values: readonly (number | null)[] | undefined): XySeries | null =>
    values && values.some((value) => value !== null) ? downsampleSeries({ x: timeS, y: [...values] }, targetPoints) : null;

  const panels: StreamPanel[] = [];
  const power = activity.measuredPower ? thinned(streams.powerW) : null;
  if (power) {
    panels.push({ key: 'power', label: 'Power', unit: 'W', color: 'accent', series: power, ...plain(round) });
  }
  const heartRate = thinned(streams.heartrateBpm);
  if (heartRate) {
    panels.push({ key: 'heartRate', label: 'Heart rate', unit: 'bpm', color: 'danger', series: heartRate, ...plain(round) });
  }
  const speedMps = thinned(streams.speedMps ?? (streams.distanceM ? speedFromDistance(timeS, streams.distanceM) : undefined));
  if (speedMps && activity.family === 'run') {
    const pace = mapped(speedMps, (value) => paceFromMps(value, units));
    if (pace.y.some((value) => value !== null)) {
      panels.push({
        key: 'pace',
        label: 'Pace',
        unit: paceUnit(units),
        color: 'pulse',
        series: pace,
        format: formatPaceValue,
        formatAxis: formatPaceValue,
        axisSteps: PACE_AXIS_STEPS_S,
        rangeY: paceRange(pace.y),
        inverted: true,
        filled: false,
      });
    }
  } else if (speedMps) {
    panels.push({
      key: 'speed',
      label: 'Speed',
      unit: speedUnit(units),
      color: 'pulse',
      series: mapped(speedMps, (value) => speedFromMps(value, units)),
      ...plain(oneDecimal),
      formatAxis: round,
    });
  }
  const altitude = thinned(streams.altitudeM);
  if (altitude) {
    panels.push({
      key: 'altitude',
      label: 'Altitude',
      unit: altitudeUnit(units),
      color: 'muted',
      series: mapped(altitude, (value) => altitudeFromMetres(value, units)),
      ...plain(round),
      filled: true,
    });
  }
  return panels;
}

/** The value a panel shows at `xValue`: the drawn point nearest to it (null in a gap). */
export function valueAt(series: XySeries, xValue: number): number | null {
  const { x, y } = series;
  if (x.length === 0) return null;
  let low = 0;
  let high = x.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (x[middle]! < xValue) low = middle + 1;
    else high = middle;
  }
  const nearest = low > 0 && xValue - x[low - 1]! < x[low]! - xValue ? low - 1 : low;
  return y[nearest] ?? null;
}
