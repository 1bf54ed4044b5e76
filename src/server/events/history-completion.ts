import { z } from 'zod';
import type { JobAddress, JobDefinition } from '../jobs/queue.ts';
import type { EventBus } from './bus.ts';
import { metricsComputed } from './domain-events.ts';

const accountPayload = z.object({ accountId: z.uuid() });

export type HistoryCompletionJob = JobDefinition<typeof accountPayload>;

/** What a feature that writes from the athlete's history answers, so that its writing is completed once the history is in. */
export interface WritesFromHistory {
  /** Whether something it wrote waits for the history, which is now in. */
  awaitsHistory(accountId: string): Promise<boolean>;
  /** Writes again what was written before the history was in. */
  completeAfterHistory(accountId: string): Promise<void>;
}

/** Where a feature's history-completion job is sent (a feature may send it itself, before the job exists). */
export function historyCompletionAddress(name: string): JobAddress<typeof accountPayload> {
  return { name, payload: accountPayload };
}

/**
 * ADR 0028: what a feature wrote before the athlete's history was in (the analyses, the profile) is
 * written again once it is. Each such feature has its own job, one queued at a time per account,
 * heard whenever metrics are computed and the feature says something of its waits for the history.
 */
export function completeAfterHistory(events: EventBus, address: JobAddress<typeof accountPayload>, writer: WritesFromHistory): HistoryCompletionJob {
  const job: HistoryCompletionJob = {
    ...address,
    policy: 'stately',
    handler: async ({ accountId }) => writer.completeAfterHistory(accountId),
  };
  events.subscribe(metricsComputed, {
    job,
    singletonKey: ({ accountId }) => accountId,
    when: ({ accountId }) => writer.awaitsHistory(accountId),
  });
  return job;
}
