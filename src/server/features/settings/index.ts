import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { StravaService } from '../strava/index.ts';
import { createSettingsRepo } from './repo.ts';
import { createSettingsService } from './service.ts';
import { createStatedThresholds } from './stated-thresholds.ts';

/** The athlete's settings and coaching profile, and the one effective value of each threshold (ADR 0025). */
export type { AnalysisSettings, SettingsService } from './service.ts';
export { registerSettingsRoutes } from './routes.ts';

export function createSettings(deps: {
  database: Database;
  scoring: Pick<ScoringService, 'estimates'>;
  strava: Pick<StravaService, 'connection' | 'athlete'>;
  events: EventBus;
}) {
  const { database, ...rest } = deps;
  return createSettingsService({ repo: createSettingsRepo(database), ...rest });
}

/** The thresholds the metrics score with (stated by the athlete or Strava), for scoring; needs no estimates. */
export function createScoringThresholds(deps: { database: Database; strava: Pick<StravaService, 'connection'> }) {
  return createStatedThresholds({ repo: createSettingsRepo(deps.database), strava: deps.strava });
}
