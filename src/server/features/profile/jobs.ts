import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { ProfileService } from './service.ts';

const accountPayload = z.object({ accountId: z.uuid() });

export type ProfileCompletionJob = JobDefinition<typeof accountPayload>;

/** Writes again a profile that was written before the athlete's history was in, off the metrics job. */
export function createProfileCompletionJob(profile: ProfileService): ProfileCompletionJob {
  return {
    name: 'profile.complete',
    payload: accountPayload,
    policy: 'stately',
    handler: async ({ accountId }) => profile.completeAfterHistory(accountId),
  };
}
