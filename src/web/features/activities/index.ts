/** The activities feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { ActivityListSkeleton } from './activity-list-skeleton.tsx';
export { ActivityList } from './activity-list.tsx';
export { ActivityTypeIcon } from './activity-type-icon.tsx';
export { ActivityView } from './activity-view.tsx';
export { AnalysisSkeleton } from './analysis-skeleton.tsx';
export { HistorySyncStatus } from './history-sync-status.tsx';
export { activityListQueryOptions, useActivityList } from './api/activity-list.ts';
export { LinkedActivity } from './linked-activity.tsx';
export { LoadingActivities } from './loading-activities.tsx';
export { NoActivitySelected } from './no-activity-selected.tsx';
export { activityPath, routedActivity } from './selection.ts';
