import type { ActivitySource } from '../../db/schema.ts';
import type { WindowHighest } from './repo.ts';

/** An activity an estimate was read from. */
export interface EstimateActivity {
  activityId: string;
  name: string;
  startDate: Date;
  source: ActivitySource;
}

export const evidenceOf = (activity: EstimateActivity): EstimateActivity => ({
  activityId: activity.activityId,
  name: activity.name,
  startDate: activity.startDate,
  source: activity.source,
});

/** The sources of the estimates that were made, once each, sorted. */
export function sourcesOf(estimates: readonly (WindowHighest | null)[]): ActivitySource[] {
  return [...new Set(estimates.flatMap((estimate) => estimate?.sources ?? []))].sort();
}
