import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { activityPath, routedActivity, useActivityList } from '../features/activities/index.ts';
import { BACKFILL_POLL_MS, isBackfilling, useStravaStatus } from '../features/strava/index.ts';
import { refetchWhatTheHistoryFeeds } from '../lib/query-client.ts';

/**
 * Home's data: the Strava status, the activity list (polled while Strava's history is still
 * arriving, so the sidebar fills as it comes) and which activity is on screen. The URL says which
 * (`/activities/:id`, newest at `/`), so choosing one is a navigation: it can be reloaded, shared
 * with oneself, and Back/Forward step between activities.
 */
export function useHomeActivities(routeId: string | null) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const status = useStravaStatus();
  const syncing = isBackfilling(status.data);
  const list = useActivityList({ pollMs: syncing ? BACKFILL_POLL_MS : false });

  const activities = useMemo(() => list.data?.pages.flat() ?? null, [list.data]);
  const routed = activities === null ? null : routedActivity(activities, routeId);
  const selected = routed?.kind === 'listed' ? routed.activity : null;

  // While the history arrives, what it feeds (fitness, readiness, the day plan) is read again as the
  // list grows. Polling stops with the backfill; one last look at everything catches what arrived
  // after the previous poll.
  const wasSyncing = useRef(syncing);
  const arrived = (activities?.length ?? 0) + (status.data?.history?.detailed ?? 0);
  useEffect(() => {
    if (syncing) void refetchWhatTheHistoryFeeds(queryClient);
    else if (wasSyncing.current) void queryClient.invalidateQueries();
    wasSyncing.current = syncing;
  }, [syncing, arrived, queryClient]);

  return {
    status: status.data,
    syncing,
    list,
    activities,
    routed,
    selected,
    /** The row to highlight: the routed one even before the list shows it. */
    selectedId: routeId ?? selected?.id ?? null,
    select: (id: string) => {
      if (id !== (routeId ?? selected?.id)) navigate(activityPath(id));
    },
  };
}

export type HomeActivities = ReturnType<typeof useHomeActivities>;
