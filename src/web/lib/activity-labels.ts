import type { ActivitySourceName } from '../../shared/api/activities.ts';

const sourceLabels: Record<ActivitySourceName, string> = {
  strava: 'Strava',
  file: 'Uploaded file',
  archive: 'Strava export',
  demo: 'Demo',
};

/** Where an activity came from, as its badge says it. */
export function sourceLabel(source: ActivitySourceName): string {
  return sourceLabels[source];
}

/** Sources whose data came through Strava's API (the demo stands in for it): they carry the 'Powered by Strava' credit. */
export function isStravaApiSource(source: ActivitySourceName): boolean {
  return source === 'strava' || source === 'demo';
}

/**
 * The Strava activity a section of Kai's analysis can be shared to (its description is written
 * through Strava's API), or null: only activities that came through that API are there to share to.
 */
export function shareableStravaActivityId(activity: { source: ActivitySourceName; stravaActivityId: string | null }): string | null {
  return isStravaApiSource(activity.source) ? activity.stravaActivityId : null;
}

/**
 * The activity's page on Strava, for activities synced from Strava only: a demo activity lives in
 * the simulator and an uploaded or exported one may not be on Strava at all.
 */
export function stravaActivityUrl(activity: { source: ActivitySourceName; stravaActivityId: string | null }): string | null {
  if (activity.source !== 'strava' || activity.stravaActivityId === null) return null;
  return `https://www.strava.com/activities/${encodeURIComponent(activity.stravaActivityId)}`;
}

/** A sport type for people: 'WeightTraining' -> 'Weight Training', 'EBikeRide' -> 'E-Bike Ride'. */
export function sportLabel(sportType: string): string {
  return sportType
    .replace(/^E(?=[A-Z])/, 'E-')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
}
