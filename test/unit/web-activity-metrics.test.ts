import { describe, expect, it } from 'vitest';
import type { ActivityListItem } from '../../src/shared/api/activities.ts';
import { activityFamily } from '../../src/web/lib/activity-family.ts';
import { isStravaApiSource, sourceLabel, sportLabel, stravaActivityUrl } from '../../src/web/lib/activity-labels.ts';
import { activityMetrics, type MetricSource } from '../../src/web/features/activities/activity-metrics.ts';
import { nextPageBefore, ACTIVITY_PAGE_SIZE } from '../../src/web/features/activities/api/activity-list.ts';
import { selectedActivity } from '../../src/web/features/activities/selection.ts';

const ride: MetricSource = {
  type: 'Ride',
  sportType: 'Ride',
  distance: 95_000,
  movingTime: 3 * 3600 + 11 * 60,
  totalElevationGain: 381,
  averageHeartrate: 134.4,
  maxHeartrate: 171,
  averageWatts: 162.3,
  deviceWatts: true,
};

const shown = (metrics: ReturnType<typeof activityMetrics>) => metrics.map(({ label, value, unit }) => `${label}: ${value}${unit ? ` ${unit}` : ''}`);

describe('activityFamily (spec §3 type families, §9 icons)', () => {
  it.each([
    ['Run', 'Run', 'run'],
    ['TrailRun', 'Run', 'run'],
    ['VirtualRun', 'VirtualRun', 'run'],
    ['running', '', 'run'],
    ['Ride', 'Ride', 'ride'],
    ['VirtualRide', 'VirtualRide', 'ride'],
    ['GravelRide', 'Ride', 'ride'],
    ['MountainBikeRide', 'Ride', 'ride'],
    ['EBikeRide', 'Ride', 'ride'],
    ['cycling', '', 'ride'],
    ['WeightTraining', 'WeightTraining', 'workout'],
    ['Workout', 'Workout', 'workout'],
    ['Hike', 'Hike', 'hike'],
    ['hiking', '', 'hike'],
    ['Swim', 'Swim', 'other'],
    ['Walk', 'Walk', 'other'],
    ['Yoga', 'Yoga', 'other'],
  ] as const)('%s (%s) -> %s', (sportType, type, family) => {
    expect(activityFamily({ sportType, type })).toBe(family);
  });

  it('falls back to the coarse type when the sport type says nothing', () => {
    expect(activityFamily({ sportType: '', type: 'Ride' })).toBe('ride');
  });
});

describe('activityMetrics (spec §9 metrics shown by type)', () => {
  it('shows a ride with a power meter: duration, distance, power, heart rate, elevation', () => {
    expect(shown(activityMetrics(ride, 'metric'))).toEqual([
      'Duration: 3:11:00',
      'Distance: 95.0 km',
      'Power: 162 W',
      'Heart rate: 134 bpm',
      'Elevation: 381 m',
    ]);
  });

  it('leaves power out when it was estimated, not measured', () => {
    const keys = (activity: MetricSource) => activityMetrics(activity, 'metric').map((metric) => metric.key);
    expect(keys({ ...ride, deviceWatts: false })).toEqual(['duration', 'distance', 'heartRate', 'elevation']);
    expect(keys({ ...ride, averageWatts: null })).toEqual(['duration', 'distance', 'heartRate', 'elevation']);
    expect(keys({ ...ride, averageWatts: 0 })).toEqual(['duration', 'distance', 'heartRate', 'elevation']);
  });

  it('adds pace to a run and converts everything for imperial', () => {
    const run: MetricSource = { ...ride, type: 'Run', sportType: 'TrailRun', distance: 10_000, movingTime: 3000, totalElevationGain: 120 };
    expect(shown(activityMetrics(run, 'imperial'))).toEqual([
      'Duration: 50:00',
      'Distance: 6.2 mi',
      'Heart rate: 134 bpm',
      'Pace: 8:03 /mi',
      'Elevation: 394 ft',
    ]);
  });

  it('shows a strength session as duration and average and max heart rate', () => {
    const strength: MetricSource = { ...ride, type: 'WeightTraining', sportType: 'WeightTraining', distance: 0 };
    expect(shown(activityMetrics(strength, 'metric'))).toEqual(['Duration: 3:11:00', 'Avg heart rate: 134 bpm', 'Max heart rate: 171 bpm']);
  });

  it('shows any other sport with the default set, and a dash for what was not recorded', () => {
    const swim: MetricSource = { ...ride, type: 'Swim', sportType: 'Swim', averageHeartrate: null, totalElevationGain: null };
    expect(shown(activityMetrics(swim, 'metric'))).toEqual(['Duration: 3:11:00', 'Distance: 95.0 km', 'Heart rate: —', 'Elevation: —']);
  });
});

describe('activity labels', () => {
  it('names each source for its badge', () => {
    expect(sourceLabel('strava')).toBe('Strava');
    expect(sourceLabel('file')).toBe('Uploaded file');
    expect(sourceLabel('archive')).toBe('Strava export');
    expect(sourceLabel('demo')).toBe('Demo');
  });

  it('links to Strava only for activities synced from Strava', () => {
    expect(stravaActivityUrl({ source: 'strava', stravaActivityId: '12345' })).toBe('https://www.strava.com/activities/12345');
    expect(stravaActivityUrl({ source: 'demo', stravaActivityId: '12345' })).toBeNull();
    expect(stravaActivityUrl({ source: 'archive', stravaActivityId: '12345' })).toBeNull();
    expect(stravaActivityUrl({ source: 'strava', stravaActivityId: null })).toBeNull();
  });

  it('credits Strava for API data (and the demo standing in for it) only', () => {
    expect(['strava', 'demo', 'file', 'archive'].map((source) => isStravaApiSource(source as 'strava'))).toEqual([true, true, false, false]);
  });

  it.each([
    ['Ride', 'Ride'],
    ['WeightTraining', 'Weight Training'],
    ['VirtualRide', 'Virtual Ride'],
    ['EBikeRide', 'E-Bike Ride'],
    ['HighIntensityIntervalTraining', 'High Intensity Interval Training'],
  ])('sport %s reads %s', (sportType, label) => {
    expect(sportLabel(sportType)).toBe(label);
  });
});

const item = (id: string, startDate = '2026-03-01T08:00:00Z'): ActivityListItem => ({
  id,
  name: `Activity ${id}`,
  type: 'Run',
  sportType: 'Run',
  source: 'file',
  stravaActivityId: null,
  distance: 5000,
  movingTime: 1500,
  elapsedTime: 1600,
  totalElevationGain: 10,
  startDate,
  averageHeartrate: null,
  averageWatts: null,
  deviceWatts: false,
  trainer: false,
});

describe('selectedActivity (spec §2: the first is selected when none is)', () => {
  const list = [item('a'), item('b'), item('c')];

  it('keeps the chosen activity', () => {
    expect(selectedActivity(list, 'b')?.id).toBe('b');
  });

  it('falls back to the newest when none is chosen or the chosen one is gone', () => {
    expect(selectedActivity(list, null)?.id).toBe('a');
    expect(selectedActivity(list, 'deleted')?.id).toBe('a');
  });

  it('selects nothing in an empty list', () => {
    expect(selectedActivity([], 'a')).toBeNull();
  });
});

describe('nextPageBefore (Load more)', () => {
  it('continues before the oldest activity of a full page', () => {
    const page = Array.from({ length: ACTIVITY_PAGE_SIZE }, (_, index) => item(String(index), `2026-03-${String(28 - (index % 28)).padStart(2, '0')}T08:00:00Z`));
    expect(nextPageBefore(page)).toBe(page.at(-1)?.startDate);
  });

  it('stops after a short page', () => {
    expect(nextPageBefore([item('a')])).toBeUndefined();
    expect(nextPageBefore([])).toBeUndefined();
  });
});
