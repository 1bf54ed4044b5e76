import type { Database } from '../../db/client.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { createAthleteReader } from './athlete-reader.ts';
import { createPlansRepo } from './repo.ts';
import { createPlansService } from './service.ts';

/** Training plans: generation, the calendar, the plan on a given day, workouts as files. */
export type { PlansService } from './service.ts';
export { summariseTraining, VOLUME_WINDOW_DAYS, type AthleteFacts, type LoggedActivity } from './athlete-facts.ts';
export { createAthleteReader, type AthleteReader, type AthleteReading } from './athlete-reader.ts';
export type { PlanOnDay, PlanStanding } from './plan-on-day.ts';
export { registerPlanRoutes } from './routes.ts';

type ServiceDeps = Parameters<typeof createPlansService>[0];

export function createPlans(
  deps: Omit<ServiceDeps, 'repo' | 'plansChanged' | 'readAthlete' | 'scoring'> & {
    database: Database;
    scoring: Pick<ScoringService, 'trainingLog' | 'fitnessWithSources'>;
    settings: Pick<SettingsService, 'athleteFacts' | 'analysesStale'>;
  },
) {
  const { database, settings, scoring, ...rest } = deps;
  return createPlansService({
    ...rest,
    repo: createPlansRepo(database),
    scoring,
    plansChanged: (accountId) => settings.analysesStale(accountId),
    readAthlete: createAthleteReader({ scoring, settings }),
  });
}
