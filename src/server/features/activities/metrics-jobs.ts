import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { MetricsService } from './metrics-service.ts';

const activityPayload = z.object({ accountId: z.uuid(), activityId: z.uuid() });
const accountPayload = z.object({ accountId: z.uuid() });

/** An activity's metrics are stored: what comes after them (Kai's analysis) can be written. */
export interface MetricsComputed {
  accountId: string;
  activityId: string;
}
export type MetricsComputedListener = (event: MetricsComputed) => Promise<void>;

export interface MetricsJobs {
  activity: JobDefinition<typeof activityPayload>;
  account: JobDefinition<typeof accountPayload>;
  /**
   * Subscribes to finished metrics: once per arriving activity, and once per rescored history with
   * its newest activity. A history brings hundreds of activities at once, and the athlete reads the
   * newest first; the others are analysed when opened. A listener that throws fails the job, which
   * is retried (recomputing is idempotent).
   */
  onComputed(listener: MetricsComputedListener): void;
}

/** Metrics are computed off the request path: one activity as it arrives, a whole history after a backfill or an archive. */
export function createMetricsJobs(metrics: MetricsService): MetricsJobs {
  const listeners: MetricsComputedListener[] = [];
  async function announce(event: MetricsComputed): Promise<void> {
    for (const listener of listeners) await listener(event);
  }

  return {
    activity: {
      name: 'metrics.activity',
      payload: activityPayload,
      policy: 'stately',
      concurrency: 2,
      handler: async ({ accountId, activityId }) => {
        if (await metrics.compute(accountId, activityId)) await announce({ accountId, activityId });
      },
    },
    account: {
      name: 'metrics.account',
      payload: accountPayload,
      policy: 'stately',
      expireInS: 3600,
      handler: async ({ accountId }) => {
        const newest = (await metrics.recomputeAll(accountId)).at(-1);
        if (newest) await announce({ accountId, activityId: newest });
      },
    },
    onComputed(listener) {
      listeners.push(listener);
    },
  };
}
