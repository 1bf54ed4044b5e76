import type { Database } from '../../db/client.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import type { EventBus } from '../../events/bus.ts';
import { createActivitiesRepo } from './repo.ts';
import { createActivitiesService, type ActivityScores } from './service.ts';

/** Activities: the athlete's recorded sessions and their streams, as every source brings them in. */
export type { ActivityScores } from './service.ts';
export type { ActivitiesService } from './service.ts';
export { ACTIVITIES_WRITTEN } from './service.ts';
export type { ActivityRow, ActivityValues } from './repo.ts';
export { registerActivityRoutes } from './routes.ts';

export function createActivities(deps: { database: Database; scores: ActivityScores; events: EventBus; invalidation: InvalidationChannel }) {
  const { database, ...rest } = deps;
  return createActivitiesService({ repo: createActivitiesRepo(database), ...rest });
}
