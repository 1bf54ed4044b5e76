import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';

// The router asks for this chunk beside this module's, so here it is usually loaded already.
const StravaSuccessScreen = lazy(() => import('../features/strava/strava-success-screen.tsx').then((module) => ({ default: module.StravaSuccessScreen })));

/** `/strava-success`: the success screen, reading Home ahead while it shows (issue 29). */
export function StravaSuccessRoute() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Home's code, with what reads its data, loads apart: it must not hold back the success screen.
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./signed-in-home.tsx').then(
      ({ prefetchHome }) => {
        if (!gone) stop = prefetchHome(queryClient);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [queryClient]);
  return <StravaSuccessScreen />;
}
