import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/server/events/bus.ts';
import { metricsComputed, wellnessChanged } from '../../src/server/events/domain-events.ts';
import { createAdjustmentsReviewJob } from '../../src/server/features/plans/adjustments/jobs.ts';

/**
 * The review after activities and check-ins (ADR 0050) is one job per account under the
 * 'stately' policy: pg-boss keeps at most one queued and one running per singleton key, so a
 * burst of 50 scored activities queues one review, not 50 (the integration suites run pg-boss
 * itself). Here: every event of the burst asks for the same key, and the job is stately.
 */
describe('the adjustments review job', () => {
  it('queues under the account as singleton key for scored activities and wellness changes alike', async () => {
    const sent: { name: string; data: unknown; key: string | undefined }[] = [];
    const events = createEventBus({
      send: async (definition, data, options) => {
        sent.push({ name: definition.name, data, key: options?.singletonKey });
        return null;
      },
    });
    const reviewed: string[] = [];
    const job = createAdjustmentsReviewJob({ review: async (accountId) => void reviewed.push(accountId) }, events);
    const accountId = '0b8a2f5e-3c1d-4e6f-9a7b-8c9d0e1f2a3b';
    for (let index = 0; index < 50; index++) {
      await events.publish(metricsComputed, { accountId, activityId: `1b8a2f5e-3c1d-4e6f-9a7b-${String(index).padStart(12, '0')}` });
    }
    await events.publish(wellnessChanged, { accountId });
    expect(job.policy).toBe('stately');
    expect(new Set(sent.map((entry) => `${entry.name}/${entry.key}`))).toEqual(new Set([`plans.review-adjustments/${accountId}`]));
    expect(sent).toHaveLength(51);
    await job.handler(job.payload.parse(sent[0]!.data), { id: 'job-1', retryCount: 0 });
    expect(reviewed).toEqual([accountId]);
  });
});
