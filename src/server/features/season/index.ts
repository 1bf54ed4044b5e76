import type { Database } from '../../db/client.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import { createSeasonRepo } from './repo.ts';
import { createSeasonService } from './service.ts';

/** The season (issue 30, ADR 0083): curves over any range of days and the thresholds month by month, from the stored metrics. */
export type { SeasonService } from './service.ts';
export { registerSeasonRoutes } from './routes.ts';

export function createSeason(deps: {
  database: Database;
  invalidation: InvalidationChannel;
  storeMissingPowerCurves: (accountId: string, from: Date) => Promise<void>;
  /** Other topics that drop an account's kept season (SeasonService's `alsoOn`). */
  alsoOn: readonly string[];
}) {
  return createSeasonService({ ...deps, repo: createSeasonRepo(deps.database) });
}
