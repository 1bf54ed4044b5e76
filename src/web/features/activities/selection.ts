import type { ActivityListItem } from '../../../shared/api/activities.ts';

/**
 * The activity on screen: the one the athlete chose while it is still in the list, otherwise the
 * newest (spec §2: the first activity is selected when none is). Null for an empty list.
 */
export function selectedActivity(activities: readonly ActivityListItem[], chosenId: string | null): ActivityListItem | null {
  return activities.find((activity) => activity.id === chosenId) ?? activities[0] ?? null;
}

/**
 * What Home shows for its URL: at `/` the newest activity; at `/activities/:id` that activity,
 * taken from the list when it is there, else loaded on its own ('elsewhere': an older one not paged
 * in yet, or one that does not exist for this athlete).
 */
export type RoutedActivity =
  | { kind: 'listed'; activity: ActivityListItem }
  | { kind: 'elsewhere'; id: string }
  | { kind: 'none' };

export function routedActivity(activities: readonly ActivityListItem[], routeId: string | null): RoutedActivity {
  if (routeId === null) {
    const newest = activities[0];
    return newest ? { kind: 'listed', activity: newest } : { kind: 'none' };
  }
  const listed = activities.find((activity) => activity.id === routeId);
  return listed ? { kind: 'listed', activity: listed } : { kind: 'elsewhere', id: routeId };
}

/** The URL of one activity's page. */
export function activityPath(id: string): string {
  return `/activities/${encodeURIComponent(id)}`;
}
