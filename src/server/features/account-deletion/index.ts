import type { Database } from '../../db/client.ts';
import { createAccountDeletionRepo } from './repo.ts';
import { createAccountDeletionService } from './service.ts';

/** Deleting one's own account and everything it holds (issue 31, ADR 0075). */
export type { AccountDeletionService } from './service.ts';
export { registerAccountDeletionRoutes } from './routes.ts';

type DeletionDeps = Omit<Parameters<typeof createAccountDeletionService>[0], 'repo'>;

export function createAccountDeletion(deps: DeletionDeps & { database: Database }) {
  const { database, ...rest } = deps;
  return createAccountDeletionService({ repo: createAccountDeletionRepo(database), ...rest });
}
