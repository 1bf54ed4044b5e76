import { z } from 'zod';
import type { JobAddress, JobDefinition } from '../../jobs/queue.ts';
import type { AnalysisService } from './service.ts';

const activityPayload = z.object({ accountId: z.uuid(), activityId: z.uuid() });

export type AnalysisJob = JobDefinition<typeof activityPayload>;

/** Writes an activity's analysis once its metrics are in, off the request path. */
export function createAnalysisJob(analysis: AnalysisService): AnalysisJob {
  return {
    name: 'analysis.activity',
    payload: activityPayload,
    policy: 'stately',
    handler: async ({ accountId, activityId }) => analysis.metricsComputed(accountId, activityId),
  };
}

const accountPayload = z.object({ accountId: z.uuid() });

export type AnalysisCompletionJob = JobDefinition<typeof accountPayload>;

/**
 * Where the completion job is sent. The service sends it too (an analysis it writes may find the
 * history already in), so it needs the address before the job, whose handler needs the service.
 */
export const analysisCompletion: JobAddress<typeof accountPayload> = { name: 'analysis.complete', payload: accountPayload };

/** Writes again the analyses written before the athlete's history was in (ADR 0028), off the metrics job. */
export function createAnalysisCompletionJob(analysis: Pick<AnalysisService, 'completeAfterHistory'>): AnalysisCompletionJob {
  return {
    ...analysisCompletion,
    policy: 'stately',
    handler: async ({ accountId }) => analysis.completeAfterHistory(accountId),
  };
}
