import type { CalendarActivity, CalendarTotals } from '../../../shared/api/calendar.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatDistance, formatDurationWords, formatElevation, formatNumber, measureText } from '../../../shared/format.ts';

/** The calendar's sport families as a heading or a label names them. */
export const SPORT_LABELS: Record<CalendarActivity['sport'], string> = {
  ride: 'Ride',
  run: 'Run',
  hike: 'Hike',
  workout: 'Workout',
  other: 'Other',
};

export type TotalFigureKey = 'time' | 'distance' | 'elevation' | 'load';

export interface TotalFigure {
  key: TotalFigureKey;
  label: string;
  /** Null when no activity of the bucket recorded the figure: shown as absent, never as 0. */
  text: string | null;
}

const loadText = (load: number) => formatNumber(Math.round(load));

/** Time, distance, elevation and load of a bucket, in the athlete's units. */
export function totalFigures(totals: CalendarTotals, units: UnitSystem): TotalFigure[] {
  return [
    { key: 'time', label: 'Time', text: totals.activities === 0 ? null : formatDurationWords(totals.movingTimeS) },
    { key: 'distance', label: 'Distance', text: totals.distanceM === null ? null : measureText(formatDistance(totals.distanceM, units)) },
    { key: 'elevation', label: 'Elevation', text: totals.elevationGainM === null ? null : measureText(formatElevation(totals.elevationGainM, units)) },
    { key: 'load', label: 'Load', text: totals.trainingLoad === null ? null : loadText(totals.trainingLoad) },
  ];
}

/** '1 activity', '12 activities'. */
export const activitiesText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'activity' : 'activities'}`;

/**
 * What a total leaves out, in words: 'Distance not recorded on 1 activity; load not yet known on 2
 * activities'. Null when every activity recorded every figure, or none did (the figure is then absent).
 */
export function missingText(totals: CalendarTotals): string | null {
  const parts: string[] = [];
  const { missing, activities } = totals;
  const partly = (count: number) => count > 0 && count < activities;
  if (partly(missing.distance)) parts.push(`distance not recorded on ${activitiesText(missing.distance)}`);
  if (partly(missing.elevationGain)) parts.push(`elevation not recorded on ${activitiesText(missing.elevationGain)}`);
  if (partly(missing.trainingLoad)) parts.push(`no load for ${activitiesText(missing.trainingLoad)}`);
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/** One sport's figures in a totals cell, after its icon and name: '5 h 10 min · 142.3 km'. */
export function sportLine(totals: CalendarTotals, units: UnitSystem): string {
  const figures = totalFigures(totals, units)
    .filter((figure) => figure.key === 'time' || figure.key === 'distance')
    .flatMap((figure) => (figure.text === null ? [] : [figure.text]));
  return figures.join(' · ');
}

/** An activity's figures in its day cell: ['1 h 5 min', '32.4 km', 'load 61']; the ones it lacks are left out. */
export function activityFigures(activity: CalendarActivity, units: UnitSystem): string[] {
  const parts = [formatDurationWords(activity.movingTimeS)];
  if (activity.distanceM !== null) parts.push(measureText(formatDistance(activity.distanceM, units)));
  if (activity.trainingLoad !== null) parts.push(`load ${loadText(activity.trainingLoad)}`);
  return parts;
}
