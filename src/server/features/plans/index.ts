import { createCalendarFeedRepo } from './calendar-feed-repo.ts';
import { createPlanFilesService } from './files-service.ts';
import type { Database } from '../../db/client.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { WellnessService } from '../wellness/index.ts';
import type { EventBus } from '../../events/bus.ts';
import { createAdjustmentsReviewJob } from './adjustments/jobs.ts';
import { createAdjustmentsRepo } from './adjustments/repo.ts';
import { createPlanEditsService } from './adjustments/edits.ts';
import { createAdjustmentsService } from './adjustments/service.ts';
import { createReasonWording } from './adjustments/wording.ts';
import type { StravaDataPolicy } from '../../ai/provenance.ts';
import type { StructuredModel } from '../../ai/structured-model.ts';
import { createAthleteReader } from './athlete-reader.ts';
import { createPlansRepo } from './repo.ts';
import { createPlansService } from './service.ts';
import { createDayPlanService, type DayPlanDeps } from './day-plan/service.ts';

/** Training plans: generation, the calendar, the plan on a given day, workouts as files. */
export type { PlansService } from './service.ts';
export { summariseTraining, VOLUME_WINDOW_DAYS, type AthleteFacts, type LoggedActivity } from './athlete-facts.ts';
export { createAthleteReader, type AthleteReader, type AthleteReading } from './athlete-reader.ts';
export type { PlanOnDay, PlanStanding } from './plan-on-day.ts';
export { registerPlanRoutes } from './routes.ts';
export { registerPlanFileRoutes } from './files-routes.ts';
export { registerAdjustmentRoutes } from './adjustments/routes.ts';
export { registerDayPlanRoutes } from './day-plan/routes.ts';
export type { DayPlanService } from './day-plan/service.ts';
export type { CoachSuggestion } from './day-plan/decide.ts';
export type { AdjustmentsService } from './adjustments/service.ts';
export type { PlanEditsService } from './adjustments/edits.ts';
export { planCompliance, type ComplianceDay } from './compliance.ts';
export type { PlanWeekCompliance } from './plan-on-day.ts';

type ServiceDeps = Parameters<typeof createPlansService>[0];

export function createPlans(
  deps: Omit<ServiceDeps, 'repo' | 'plansChanged' | 'readAthlete' | 'scoring' | 'unitSystem' | 'adjustments'> & {
    database: Database;
    scoring: Pick<ScoringService, 'trainingLog' | 'fitnessWithSources'>;
    settings: Pick<SettingsService, 'athleteFacts' | 'analysesStale' | 'unitSystem'>;
  },
) {
  const { database, settings, scoring, ...rest } = deps;
  return createPlansService({
    ...rest,
    repo: createPlansRepo(database),
    scoring,
    plansChanged: (accountId) => settings.analysesStale(accountId),
    readAthlete: createAthleteReader({ scoring, settings }),
    unitSystem: (accountId) => settings.unitSystem(accountId),
    adjustments: createAdjustmentsRepo(database),
  });
}

/**
 * The plan answers back (ADR 0050): Kai's review after each scored activity and each wellness
 * change (a job on the events), and the athlete's accept, decline and undo.
 */
export function createPlanAdjustments(deps: {
  database: Database;
  scoring: Pick<ScoringService, 'trainingLog' | 'fitness' | 'fitnessWithSources'>;
  wellness: Pick<WellnessService, 'lowDays'>;
  settings: Pick<SettingsService, 'analysesStale' | 'effectiveThresholds'>;
  events: EventBus;
  /** The configured language model, which may word the reasons (ADR 0056); undefined: the rules' sentences. */
  ai: StructuredModel | undefined;
  dataPolicy: StravaDataPolicy;
}) {
  const { database, scoring, wellness, settings, events, ai, dataPolicy } = deps;
  const service = createAdjustmentsService({
    repo: createAdjustmentsRepo(database),
    plans: createPlansRepo(database),
    scoring,
    wellness,
    plansChanged: (accountId) => settings.analysesStale(accountId),
    wording: ai ? createReasonWording({ ai, policy: dataPolicy }) : undefined,
  });
  // The athlete's own edits are adjustments too (ADR 0082), on the same table, lock and undo.
  const edits = createPlanEditsService({
    repo: createAdjustmentsRepo(database),
    thresholds: (accountId, now) => settings.effectiveThresholds(accountId, now),
    plansChanged: (accountId) => settings.analysesStale(accountId),
  });
  return { service, edits, jobs: [createAdjustmentsReviewJob(service, events)] };
}

/** A plan's files for devices and calendars: workout files, the zip, the private calendar feed (ADR 0039, 0040). */
export function createPlanFiles(deps: Omit<Parameters<typeof createPlanFilesService>[0], 'feeds'> & { database: Database }) {
  const { database, ...rest } = deps;
  return createPlanFilesService({ ...rest, feeds: createCalendarFeedRepo(database) });
}

/**
 * The day plan (ADR 0068): one decision per date from the active plans, the accepted changes,
 * today's readiness and Kai's latest suggestion. `latestSuggestion` is the analysis's, passed in
 * late: the analysis reads the day plan too (its next session), so neither is built first.
 */
export function createDayPlan(deps: Omit<DayPlanDeps, 'plans' | 'adjustments'> & { database: Database }) {
  const { database, ...rest } = deps;
  return createDayPlanService({ ...rest, plans: createPlansRepo(database), adjustments: createAdjustmentsRepo(database) });
}
