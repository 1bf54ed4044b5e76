import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { AccountDeletionRepo } from './repo.ts';

/** How often jobs naming a deleted account are swept (a pg-boss cron, in UTC). */
export const ORPHAN_JOB_SWEEP_CRON = '*/10 * * * *';

/**
 * A job that was running when its account was deleted may still send another one (a backfill page
 * queues the next) after the deletion swept the queue: this schedule deletes such jobs, whatever
 * their state, so no payload names a deleted account for longer than one period (ADR 0075).
 */
export function createOrphanJobSweep(deps: { repo: AccountDeletionRepo; log: FastifyBaseLogger }): JobDefinition<z.ZodObject<Record<string, never>>> {
  return {
    name: 'account-deletion.sweep',
    payload: z.object({}),
    // A missed run is made good by the next one.
    retryLimit: 0,
    async handler() {
      const deleted = await deps.repo.deleteOrphanJobs();
      if (deleted > 0) deps.log.info({ deleted }, 'deleted jobs of deleted accounts');
    },
  };
}
