import { z } from 'zod';
import type { EventBus } from '../../../events/bus.ts';
import { metricsComputed, wellnessChanged } from '../../../events/domain-events.ts';
import type { JobDefinition } from '../../../jobs/queue.ts';
import type { AdjustmentsService } from './service.ts';

const accountPayload = z.object({ accountId: z.uuid() });

export type AdjustmentsReviewJob = JobDefinition<typeof accountPayload>;

/**
 * Kai reviews the athlete's active plans after each scored activity and each wellness change
 * (ADR 0050). One job per account under the 'stately' policy: at most one queued and one running,
 * so a burst of imported activities (each announcing its metrics) coalesces into a review or two
 * rather than one per activity; a review reads everything as it stands when it runs.
 */
export function createAdjustmentsReviewJob(adjustments: Pick<AdjustmentsService, 'review'>, events: EventBus): AdjustmentsReviewJob {
  const job: AdjustmentsReviewJob = {
    name: 'plans.review-adjustments',
    payload: accountPayload,
    policy: 'stately',
    handler: async ({ accountId }) => adjustments.review(accountId),
  };
  const byAccount = { singletonKey: ({ accountId }: { accountId: string }) => accountId };
  events.subscribe(metricsComputed, { job, ...byAccount });
  events.subscribe(wellnessChanged, { job, ...byAccount });
  return job;
}
