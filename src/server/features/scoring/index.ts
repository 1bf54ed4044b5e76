import type { Database } from '../../db/client.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import { createMetricsRepo } from './repo.ts';
import { storedView } from './metrics-view.ts';
import { createMetricsService, type AthleteThresholdsSource, type ScoredActivities } from './service.ts';

/**
 * Scoring: each activity's metrics (NP, TSS, zones, load…), the thresholds estimated from the
 * athlete's own activities and the fitness series. It hears of activities through events
 * (events/domain-events.ts) and announces `metricsComputed`; activities know nothing of it but
 * the narrow `ActivityScores` reader they are given.
 */
export type { AthleteThresholds, AthleteThresholdsSource, FitnessWithSources, ScoredActivities, TrainingLogEntry } from './service.ts';
export type { MetricsService as ScoringService } from './service.ts';
export { FITNESS_WRITTEN } from './service.ts';
export { createScoringJobs, queueMissingFitness, type ScoringJobs } from './jobs.ts';
export { registerScoringRoutes } from './routes.ts';

export function createScoringService(deps: {
  database: Database;
  activities: ScoredActivities;
  thresholds: AthleteThresholdsSource;
  dataPolicy: 'strict' | 'relaxed';
  invalidation: InvalidationChannel;
  scoreActivity: Parameters<typeof createMetricsService>[0]['scoreActivity'];
}) {
  const { database, ...rest } = deps;
  return createMetricsService({ repo: createMetricsRepo(database), ...rest });
}

/** The stored scores of an activity alone, for the activity detail (which needs nothing else of scoring). */
export function createActivityScores(database: Database) {
  const repo = createMetricsRepo(database);
  return { view: (accountId: string, activityId: string) => storedView(repo, accountId, activityId) };
}
