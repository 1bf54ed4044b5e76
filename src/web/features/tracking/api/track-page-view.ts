import { useEffect } from 'react';
import type { z } from 'zod';
import type { pageViewBody } from '../../../../shared/api/tracking.ts';
import { apiRequest } from '../../../lib/api-request.ts';

type PageView = z.input<typeof pageViewBody>;

/**
 * POST /api/track/page-view. Sent without cookies (spec §7): a page view is anonymous. Tracking
 * must never disturb the visitor, so a failure is only noted on the console.
 */
export function trackPageView(pageView: PageView): void {
  apiRequest('POST', '/api/track/page-view', pageView, { credentials: 'omit' }).catch((error: unknown) => {
    console.warn('Page-view tracking failed:', error instanceof Error ? error.message : error);
  });
}

/** Records one page view when the screen mounts. */
export function useTrackPageView(path: string): void {
  useEffect(() => {
    trackPageView({ path });
  }, [path]);
}
