import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { z } from 'zod';
import { apiRequest, readJson } from '../../lib/api-request.ts';
import { useAppInfo } from '../../lib/app-info.ts';
import { ChartFigure } from '../charts/index.ts';

const RouteMap = lazy(() => import('./route-map.tsx'));

const MAP_HEIGHT_PX = 288;
/** About one point per 2 px of a wide map is all a line needs. */
const MAX_TRACK_POINTS = 2000;

const trackOnly = z.object({ latlng: z.array(z.tuple([z.number(), z.number()]).nullable()).optional() });

/** The GPS track of an activity from its streams (the charts leave it out). */
function useTrack(activityId: string) {
  return useQuery({
    queryKey: ['activity-track', activityId],
    queryFn: async ({ signal }) =>
      readJson(await apiRequest('GET', `/api/activities/${encodeURIComponent(activityId)}/streams`, undefined, { signal }), trackOnly),
  });
}

/** The route map card; rendered only for an activity that recorded positions. */
export function RouteMapFigure({ activityId, name }: { activityId: string; name: string }) {
  const track = useTrack(activityId);
  const info = useAppInfo();
  const points = useMemo(() => thinTrack(track.data?.latlng ?? []), [track.data]);
  const state = track.isError
    ? { empty: 'The route could not be loaded.' }
    : track.isPending || info.isPending
      ? ('loading' as const)
      : points.length < 2
        ? { empty: 'This activity recorded no route to draw.' }
        : ('ready' as const);
  const map = info.data?.map ?? { tileUrl: null, attribution: '' };
  return (
    <ChartFigure title="Route" caption="Where the activity went, from start (green) to finish (red)" state={state} heightPx={MAP_HEIGHT_PX}>
      <Suspense fallback={<div style={{ height: MAP_HEIGHT_PX }} />}>
        <RouteMap track={points} tileUrl={map.tileUrl} attribution={map.attribution} label={`Map of the route of ${name}`} />
      </Suspense>
    </ChartFigure>
  );
}

function thinTrack(latlng: readonly ([number, number] | null)[]): [number, number][] {
  const points = latlng.filter((point): point is [number, number] => point !== null);
  const step = Math.max(1, Math.ceil(points.length / MAX_TRACK_POINTS));
  return points.filter((_, index) => index % step === 0 || index === points.length - 1);
}
