import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { FEET_PER_METRE, METRES_PER_MILE } from '../../../shared/format.ts';

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Elapsed time on a chart axis: 'H:MM' (0:05, 1:30). */
export function formatAxisClock(elapsedS: number): string {
  const minutes = Math.floor(Math.max(0, elapsedS) / 60);
  return `${Math.floor(minutes / 60)}:${pad2(minutes % 60)}`;
}

/** Elapsed time under the cursor: 'H:MM:SS'. */
export function formatCursorClock(elapsedS: number): string {
  const total = Math.max(0, Math.round(elapsedS));
  return `${Math.floor(total / 3600)}:${pad2(Math.floor((total % 3600) / 60))}:${pad2(total % 60)}`;
}

/**
 * Tick steps for an elapsed-time axis, all whole minutes so 'H:MM' labels never repeat; uPlot
 * picks the smallest that keeps labels apart.
 */
export const CLOCK_AXIS_STEPS_S = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 14400, 21600, 43200];

/** A power-curve duration: '5s', '1min', '1min 30s', '20min', '1h', '1h 30min'. */
export function formatCurveDuration(durationS: number): string {
  const total = Math.round(durationS);
  if (total < 60) return `${total}s`;
  if (total < 3600) {
    const seconds = total % 60;
    return seconds === 0 ? `${total / 60}min` : `${Math.floor(total / 60)}min ${seconds}s`;
  }
  const hours = Math.floor(total / 3600);
  const minutes = Math.round((total % 3600) / 60);
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}min`;
}

/** Durations labelled on the log axis of a power curve: the efforts athletes talk about. */
export const CURVE_AXIS_LANDMARKS_S = [1, 5, 15, 60, 300, 1200, 3600, 7200, 14400, 28800, 57600];
/** Fewer of them where a phone leaves no room for all. */
export const CURVE_AXIS_LANDMARKS_NARROW_S = [1, 10, 60, 300, 1200, 3600, 14400, 57600];

/** Speed in km/h or (imperial) mph. */
export function speedFromMps(speedMps: number, units: UnitSystem): number {
  return units === 'imperial' ? (speedMps * 3600) / METRES_PER_MILE : speedMps * 3.6;
}

export const speedUnit = (units: UnitSystem) => (units === 'imperial' ? 'mph' : 'km/h');

/**
 * Slower than this is standing or walking, not running: no pace is drawn, or the axis would
 * stretch to hours per kilometre at every stop.
 */
const SLOWEST_PACE_SPEED_MPS = 1000 / (30 * 60);

/** Pace in seconds per km or (imperial) per mile; null when too slow to be a pace. */
export function paceFromMps(speedMps: number, units: UnitSystem): number | null {
  if (!(speedMps >= SLOWEST_PACE_SPEED_MPS)) return null;
  return (units === 'imperial' ? METRES_PER_MILE : 1000) / speedMps;
}

export const paceUnit = (units: UnitSystem) => (units === 'imperial' ? '/mi' : '/km');

/** Spec §9 pace: minutes:seconds. */
export function formatPaceValue(secondsPerUnit: number): string {
  const total = Math.round(secondsPerUnit);
  return `${Math.floor(total / 60)}:${pad2(total % 60)}`;
}

/** Altitude in metres or (imperial) feet. */
export function altitudeFromMetres(altitudeM: number, units: UnitSystem): number {
  return units === 'imperial' ? altitudeM * FEET_PER_METRE : altitudeM;
}

export const altitudeUnit = (units: UnitSystem) => (units === 'imperial' ? 'ft' : 'm');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A fitness day 'YYYY-MM-DD' as '12 Mar': the calendar day it names, in no time zone. */
export function formatChartDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]}`;
}
