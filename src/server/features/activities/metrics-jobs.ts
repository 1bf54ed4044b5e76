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
  /** Rewrites the account's stored fitness series alone: after an activity is deleted, or for a series never stored. */
  fitness: JobDefinition<typeof accountPayload>;
  /**
   * Subscribes to finished metrics: once per arriving activity, and once per rescored history with
   * its newest activity. A history brings hundreds of activities at once, and the athlete reads the
   * newest first; the others are analysed when opened. A listener that throws fails the job, which
   * is retried (recomputing is idempotent).
   */
  onComputed(listener: MetricsComputedListener): void;
}

/**
 * Metrics are computed off the request path: one activity as it arrives, a whole history after a
 * backfill or an archive. Each job rewrites the stored fitness series before announcing, so what
 * is written next (Kai's analysis, the profile) reads the loads just stored (ADR 0027).
 */
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
        const computed = await metrics.compute(accountId, activityId);
        await metrics.refreshFitness(accountId);
        if (computed) await announce({ accountId, activityId });
      },
    },
    account: {
      name: 'metrics.account',
      payload: accountPayload,
      policy: 'stately',
      expireInS: 3600,
      handler: async ({ accountId }) => {
        const newest = (await metrics.recomputeAll(accountId)).at(-1);
        await metrics.refreshFitness(accountId);
        if (newest) await announce({ accountId, activityId: newest });
      },
    },
    fitness: {
      name: 'metrics.fitness',
      payload: accountPayload,
      policy: 'stately',
      handler: async ({ accountId }) => {
        await metrics.refreshFitness(accountId);
      },
    },
    onComputed(listener) {
      listeners.push(listener);
    },
  };
}
