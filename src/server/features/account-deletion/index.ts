import type { Database } from '../../db/client.ts';
import { createAccountDeletionRepo } from './repo.ts';
import { createAccountDeletionService } from './service.ts';
import { createOrphanJobSweep } from './sweep-job.ts';

/** Deleting one's own account and everything it holds (issue 31, ADR 0075). */
export type { AccountDeletionService } from './service.ts';
export { registerAccountDeletionRoutes } from './routes.ts';
export { ORPHAN_JOB_SWEEP_CRON } from './sweep-job.ts';

type DeletionDeps = Omit<Parameters<typeof createAccountDeletionService>[0], 'repo'>;

/** The service, and the schedule that sweeps jobs a running job sent for an account deleted meanwhile. */
export function createAccountDeletion(deps: DeletionDeps & { database: Database }) {
  const { database, ...rest } = deps;
  const repo = createAccountDeletionRepo(database);
  return { service: createAccountDeletionService({ repo, ...rest }), sweepJob: createOrphanJobSweep({ repo, log: rest.log }) };
}
