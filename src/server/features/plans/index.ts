import type { Database } from '../../db/client.ts';
import type { SettingsService } from '../settings/index.ts';
import { createPlansRepo } from './repo.ts';
import { createPlansService } from './service.ts';

/** Training plans: generation, the calendar, the plan on a given day, workouts as files. */
export type { PlansService } from './service.ts';
export { summariseTraining, VOLUME_WINDOW_DAYS, type AthleteFacts, type LoggedActivity } from './athlete-facts.ts';
export type { PlanOnDay, PlanStanding } from './plan-on-day.ts';
export { registerPlanRoutes } from './routes.ts';

type ServiceDeps = Parameters<typeof createPlansService>[0];

export function createPlans(
  deps: Omit<ServiceDeps, 'repo' | 'plansChanged' | 'effectiveFtp'> & {
    database: Database;
    settings: Pick<SettingsService, 'effectiveThresholds' | 'analysesStale'>;
  },
) {
  const { database, settings, ...rest } = deps;
  return createPlansService({
    ...rest,
    repo: createPlansRepo(database),
    plansChanged: (accountId) => settings.analysesStale(accountId),
    effectiveFtp: async (accountId, now) => {
      const ftp = (await settings.effectiveThresholds(accountId, now)).cycling.ftpW;
      return ftp && { watts: ftp.value, source: ftp.source };
    },
  });
}
