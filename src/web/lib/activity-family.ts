/**
 * The spec's type families (§3): they choose an activity's icon and which metrics it shows (§9).
 * 'other' covers every sport outside the four (swims, walks, yoga...).
 */
export type ActivityFamily = 'run' | 'ride' | 'workout' | 'hike' | 'other';

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

function familyOf(name: string): ActivityFamily | null {
  const key = normalized(name);
  if (key === '') return null;
  // Ride, VirtualRide, GravelRide, MountainBikeRide, EBikeRide, 'cycling', 'bike'...
  if (key.endsWith('ride') || key.includes('cycling') || key.includes('bike')) return 'ride';
  // Run, TrailRun, VirtualRun, 'running'.
  if (key.endsWith('run') || key === 'running') return 'run';
  if (key === 'workout' || key === 'weighttraining') return 'workout';
  if (key === 'hike' || key === 'hiking') return 'hike';
  return null;
}

/** The family of an activity, read from its sport type first and Strava's coarse type second. */
export function activityFamily(activity: { sportType: string; type: string }): ActivityFamily {
  return familyOf(activity.sportType) ?? familyOf(activity.type) ?? 'other';
}
