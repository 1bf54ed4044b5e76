import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';
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
