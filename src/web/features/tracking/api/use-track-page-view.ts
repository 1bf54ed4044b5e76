import { useEffect } from 'react';
import { trackPageView } from './track-page-view.ts';

/** Records one page view when the screen mounts. */
export function useTrackPageView(path: string): void {
  useEffect(() => {
    trackPageView({ path });
  }, [path]);
}
