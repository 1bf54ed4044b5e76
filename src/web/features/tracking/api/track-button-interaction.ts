import type { z } from 'zod';
import type { buttonInteractionBody } from '../../../../shared/api/tracking.ts';
import { apiRequest } from '../../../lib/api-request.ts';

export type ButtonInteraction = z.input<typeof buttonInteractionBody>;

/** POST /api/track/button-interaction when a share-menu entry is chosen. The answer is not read; a failure is only a warning (spec §7). */
export function trackButtonInteraction(interaction: ButtonInteraction): void {
  apiRequest('POST', '/api/track/button-interaction', interaction).catch((error: unknown) => {
    console.warn('Button-interaction tracking failed:', error instanceof Error ? error.message : error);
  });
}
