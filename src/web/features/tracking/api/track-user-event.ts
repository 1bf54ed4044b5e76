import type { z } from 'zod';
import type { userEventBody } from '../../../../shared/api/tracking.ts';
import { apiRequest } from '../../../lib/api-request.ts';

export type UserEvent = z.input<typeof userEventBody>;

/** POST /api/track/user-event. Failures are only logged, never shown (spec §7, §8). */
export function trackUserEvent(event: UserEvent): void {
  apiRequest('POST', '/api/track/user-event', event).catch((error: unknown) => {
    console.warn('Usage-event tracking failed:', error instanceof Error ? error.message : error);
  });
}
