import { computePowerZoneUpperBoundsW } from '../../../metrics/zones.ts';
import { formatClock, formatNumber } from '../../../shared/format.ts';

export interface ZoneRow {
  zone: string;
  name: string;
  /** The zone's bounds with their unit: '139–187 W', '≤ 130 bpm', '> 303 W'; null when the bounds are not known. */
  range: string | null;
  seconds: number;
  time: string;
  /** Share of the time in zones, 0–100. */
  sharePct: number;
}

export const POWER_ZONE_NAMES = ['Active recovery', 'Endurance', 'Tempo', 'Threshold', 'VO2max', 'Anaerobic', 'Neuromuscular'];
export const HEART_RATE_ZONE_NAMES = ['Recovery', 'Aerobic', 'Tempo', 'Threshold', 'Anaerobic'];

/** The power zones' rows: Coggan's levels around the FTP the activity was scored with. */
export function powerZoneRows(seconds: readonly number[], ftpW: number | null): ZoneRow[] | null {
  return zoneRows(seconds, POWER_ZONE_NAMES, ftpW === null ? null : computePowerZoneUpperBoundsW(ftpW), 'W');
}

export function heartRateZoneRows(seconds: readonly number[], upperBoundsBpm: readonly number[] | null | undefined): ZoneRow[] | null {
  return zoneRows(seconds, HEART_RATE_ZONE_NAMES, upperBoundsBpm ?? null, 'bpm');
}

/** Null when no time was counted in any zone (nothing to draw). */
function zoneRows(seconds: readonly number[], names: readonly string[], upperBounds: readonly number[] | null, unit: string): ZoneRow[] | null {
  const total = seconds.reduce((sum, value) => sum + value, 0);
  if (!(total > 0) || seconds.length !== names.length) return null;
  const bounds = upperBounds && upperBounds.length === names.length - 1 ? upperBounds.map((bound) => Math.round(bound)) : null;
  return seconds.map((value, index) => ({
    zone: `Z${index + 1}`,
    name: names[index]!,
    range: bounds ? rangeText(bounds, index, unit) : null,
    seconds: value,
    time: formatClock(value),
    sharePct: (value / total) * 100,
  }));
}

/** A value on a bound belongs to the zone below (metrics/zones.ts), so a zone starts one above the bound before it. */
function rangeText(bounds: readonly number[], index: number, unit: string): string {
  if (index === 0) return `≤ ${formatNumber(bounds[0]!)} ${unit}`;
  if (index === bounds.length) return `> ${formatNumber(bounds.at(-1)!)} ${unit}`;
  return `${formatNumber(bounds[index - 1]! + 1)}–${formatNumber(bounds[index]!)} ${unit}`;
}
