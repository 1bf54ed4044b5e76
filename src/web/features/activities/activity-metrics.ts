import type { ActivityDetail } from '../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { activityFamily } from '../../lib/activity-family.ts';
import { formatClock, formatDistance, formatElevation, type Measure } from '../../../shared/format.ts';
import { averagePace } from '../../lib/format/pace.ts';

export interface ActivityMetric extends Measure {
  key: 'duration' | 'distance' | 'pace' | 'power' | 'heartRate' | 'maxHeartRate' | 'elevation';
  label: string;
}

/** What the metrics grid needs of an activity. */
export type MetricSource = Pick<
  ActivityDetail,
  | 'type'
  | 'sportType'
  | 'distance'
  | 'movingTime'
  | 'totalElevationGain'
  | 'averageHeartrate'
  | 'maxHeartrate'
  | 'averageWatts'
  | 'deviceWatts'
>;

/** Shown for a value the activity did not record. */
export const MISSING_VALUE = '—';

const bpm = (value: number | null): Measure => (value === null ? { value: MISSING_VALUE, unit: '' } : { value: String(Math.round(value)), unit: 'bpm' });

/**
 * The metrics grid of an activity (spec §9 'Metrics shown by type'): runs add pace; rides add
 * power, but only when a power meter measured it (Strava estimates watts for rides without one);
 * workouts and strength sessions show average and maximum heart rate instead of distance.
 */
export function activityMetrics(activity: MetricSource, units: UnitSystem): ActivityMetric[] {
  const duration: ActivityMetric = { key: 'duration', label: 'Duration', value: formatClock(activity.movingTime), unit: '' };
  const distance: ActivityMetric = { key: 'distance', label: 'Distance', ...formatDistance(activity.distance, units) };
  const heartRate: ActivityMetric = { key: 'heartRate', label: 'Heart rate', ...bpm(activity.averageHeartrate) };
  const elevation: ActivityMetric =
    activity.totalElevationGain === null
      ? { key: 'elevation', label: 'Elevation', value: MISSING_VALUE, unit: '' }
      : { key: 'elevation', label: 'Elevation', ...formatElevation(activity.totalElevationGain, units) };

  switch (activityFamily(activity)) {
    case 'run': {
      const pace = averagePace(activity.movingTime, activity.distance, units) ?? { value: MISSING_VALUE, unit: '' };
      return [duration, distance, heartRate, { key: 'pace', label: 'Pace', ...pace }, elevation];
    }
    case 'ride': {
      const hasRealPower = activity.deviceWatts && activity.averageWatts !== null && activity.averageWatts > 0;
      const power: ActivityMetric[] = hasRealPower
        ? [{ key: 'power', label: 'Power', value: String(Math.round(activity.averageWatts ?? 0)), unit: 'W' }]
        : [];
      return [duration, distance, ...power, heartRate, elevation];
    }
    case 'workout':
      return [
        duration,
        { ...heartRate, label: 'Avg heart rate' },
        { key: 'maxHeartRate', label: 'Max heart rate', ...bpm(activity.maxHeartrate) },
      ];
    default:
      return [duration, distance, heartRate, elevation];
  }
}
