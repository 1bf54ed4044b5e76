import { lazy, Suspense } from 'react';
import type { ActivityListItem } from '../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { useActivityDetail } from './api/activity-detail.ts';
import { ChartFigure, FitnessFigure, PowerCurveFigure, STREAMS_LOADING_HEIGHT_PX, StreamsFigure } from '../charts/index.ts';

/** Below the streams, after their data: loaded apart so they add nothing to the first signed-in screen's JavaScript. */
const RouteMapFigure = lazy(() => import('./route-map-figure.tsx').then((module) => ({ default: module.RouteMapFigure })));
const ZonesFigure = lazy(() => import('./zones-figure.tsx').then((module) => ({ default: module.ZonesFigure })));

/**
 * The analysis page's charts: the activity's streams, its power-duration curve against the
 * athlete's recent best (only with measured power), and the athlete's fitness, fatigue and form.
 * While the activity's record loads, the fitness chart (which does not depend on it) is already
 * on its way. A record that fails to load has its own message above; no charts then. The
 * account-wide charts are mounted per activity (the activity view is keyed by it), so opening
 * another one brings them up to date (their queries are stale at once) with whatever arrived since.
 */
export function ActivityCharts({ activity, units }: { activity: ActivityListItem; units: UnitSystem }) {
  const detail = useActivityDetail(activity.id);
  if (detail.isError) return null;
  const hasPower = detail.data !== undefined && detail.data.deviceWatts && detail.data.streamKeys.includes('powerW');
  return (
    <section aria-label="Charts" className="flex flex-col gap-4">
      {detail.data ? (
        <StreamsFigure activity={detail.data} units={units} />
      ) : (
        <ChartFigure title="Streams" caption="What the activity recorded over elapsed time" state="loading" heightPx={STREAMS_LOADING_HEIGHT_PX} />
      )}
      <Suspense fallback={null}>
        {detail.data?.streamKeys.includes('latlng') && <RouteMapFigure activityId={activity.id} name={detail.data.name} />}
        {detail.data?.metrics && <ZonesFigure metrics={detail.data.metrics} measuredPower={detail.data.deviceWatts} />}
      </Suspense>
      <div className={hasPower ? 'grid gap-4 lg:grid-cols-2' : 'grid gap-4'}>
        {hasPower && <PowerCurveFigure activityId={activity.id} />}
        <FitnessFigure />
      </div>
    </section>
  );
}
