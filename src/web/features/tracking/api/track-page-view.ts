import type { z } from 'zod';
import type { pageViewBody } from '../../../../shared/api/tracking.ts';
import { apiRequest } from '../../../lib/api-request.ts';

type PageView = z.input<typeof pageViewBody>;

/**
 * POST /api/track/page-view. Sent without cookies (spec §7): a page view is anonymous. Tracking
 * must never disturb the visitor, so a failure is only noted on the console. Free of React: the
 * landing page, which renders without it (ADR 0054), records its view with this too.
 */
export function trackPageView(pageView: PageView): void {
  apiRequest('POST', '/api/track/page-view', pageView, { credentials: 'omit' }).catch((error: unknown) => {
    console.warn('Page-view tracking failed:', error instanceof Error ? error.message : error);
  });
}
