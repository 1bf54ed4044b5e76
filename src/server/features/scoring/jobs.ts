import { z } from 'zod';
import type { EventBus } from '../../events/bus.ts';
import { activitiesRemoved, activityStored, historyImported, metricsComputed, thresholdsChanged } from '../../events/domain-events.ts';
import type { JobDefinition, JobQueue } from '../../jobs/queue.ts';
import type { MetricsService } from './service.ts';

const activityPayload = z.object({ accountId: z.uuid(), activityId: z.uuid() });
const accountPayload = z.object({ accountId: z.uuid() });

export interface ScoringJobs {
  activity: JobDefinition<typeof activityPayload>;
  account: JobDefinition<typeof accountPayload>;
  /** Rewrites the account's stored fitness series alone: after an activity is deleted, or for a series never stored. */
  fitness: JobDefinition<typeof accountPayload>;
}

/**
 * Metrics are computed off the request path: one activity as it arrives (with the later ones whose
 * thresholds its arrival changed), a whole history after a
 * backfill, an archive or a threshold change. Each job rewrites the stored fitness series before
 * announcing `metricsComputed`, so what is written next (Kai's analysis, the profile) reads the
 * loads just stored (ADR 0027). A history announces once, with its newest activity: it brings
 * hundreds at once, and the athlete reads the newest first; the others are analysed when opened.
 */
export function createScoringJobs(metrics: MetricsService, events: EventBus): ScoringJobs {
  const jobs: ScoringJobs = {
    activity: {
      name: 'metrics.activity',
      payload: activityPayload,
      policy: 'stately',
      concurrency: 2,
      handler: async ({ accountId, activityId }) => {
        const computed = await metrics.compute(accountId, activityId);
        // An activity older than some already scored changes what their thresholds are read from
        // (and one scored alongside may have missed it): those are rescored (ADR 0065).
        if (computed) await metrics.rescoreStale(accountId, activityId);
        await metrics.refreshFitness(accountId);
        if (computed) await events.publish(metricsComputed, { accountId, activityId });
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
        if (newest) await events.publish(metricsComputed, { accountId, activityId: newest });
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
  };
  const byActivity = { singletonKey: ({ activityId }: { activityId: string }) => activityId };
  const byAccount = { singletonKey: ({ accountId }: { accountId: string }) => accountId };
  events.subscribe(activityStored, { job: jobs.activity, ...byActivity });
  events.subscribe(historyImported, { job: jobs.account, ...byAccount });
  events.subscribe(thresholdsChanged, { job: jobs.account, ...byAccount });
  events.subscribe(activitiesRemoved, { job: jobs.fitness, ...byAccount });
  return jobs;
}

/** Queues the fitness series of accounts scored before it was stored (an upgrade); run once at boot. */
export async function queueMissingFitness(queue: Pick<JobQueue, 'send'>, metrics: Pick<MetricsService, 'accountsWithoutFitness'>, jobs: ScoringJobs): Promise<void> {
  for (const accountId of await metrics.accountsWithoutFitness()) {
    await queue.send(jobs.fitness, { accountId }, { singletonKey: accountId });
  }
}
