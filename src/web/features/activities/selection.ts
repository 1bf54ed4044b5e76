import type { ActivityListItem } from '../../../shared/api/activities.ts';

/**
 * The activity on screen: the one the athlete chose while it is still in the list, otherwise the
 * newest (spec §2: the first activity is selected when none is). Null for an empty list.
 */
export function selectedActivity(activities: readonly ActivityListItem[], chosenId: string | null): ActivityListItem | null {
  return activities.find((activity) => activity.id === chosenId) ?? activities[0] ?? null;
}
