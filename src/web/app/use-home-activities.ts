import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { refetchActivities, useActivityList } from '../features/activities/api/activity-list.ts';
import { selectedActivity } from '../features/activities/selection.ts';
import { BACKFILL_POLL_MS, isBackfilling, useStravaStatus } from '../features/strava/api/strava-status.ts';

/**
 * Home's data: the Strava status, the activity list (polled while Strava's history is still
 * arriving, so the sidebar fills as it comes) and which activity is on screen.
 */
export function useHomeActivities() {
  const queryClient = useQueryClient();
  const status = useStravaStatus();
  const syncing = isBackfilling(status.data);
  const list = useActivityList({ pollMs: syncing ? BACKFILL_POLL_MS : false });
  const [chosenId, setChosenId] = useState<string | null>(null);

  const activities = useMemo(() => list.data?.pages.flat() ?? null, [list.data]);
  const selected = activities === null ? null : selectedActivity(activities, chosenId);

  // Polling stops with the backfill; one last look catches what arrived after the previous poll.
  const wasSyncing = useRef(syncing);
  useEffect(() => {
    if (wasSyncing.current && !syncing) void refetchActivities(queryClient);
    wasSyncing.current = syncing;
  }, [syncing, queryClient]);

  return {
    status: status.data,
    syncing,
    list,
    activities,
    selected,
    select: setChosenId,
  };
}

export type HomeActivities = ReturnType<typeof useHomeActivities>;
