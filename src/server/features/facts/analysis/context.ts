import { createHash } from 'node:crypto';
import { COACHING_STYLES } from '../../../../shared/domain/coaching-style.ts';
import { RIDE_DETAILS } from '../../../../shared/domain/ride-detail.ts';
import { sportFamilyOf } from '../../../../shared/domain/sport-family.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import { activityFacts, activityProvenance } from './activity.ts';
import type { AnalysisContext, AnalysisInputs, ContextReaders, ContextSources, MaxHrUpdateFacts } from './context-types.ts';
import { intervalFacts, type IntervalFacts } from './intervals.ts';
import { athleteProfileFacts, ftpUpdateFacts, maxHrUpdateFacts, zonesUsedFacts } from './thresholds.ts';
import { FITNESS_DAYS, RECENT_TRAINING_DAYS, loadFacts, mesocycleFacts, planFacts, recentTrainingFacts } from './training.ts';
import { DAY_MS } from '../../../../shared/time.ts';

// The facts' shapes live in context-types.ts; every coach file reads them from here, with the builder.
export type * from './context-types.ts';

export async function buildAnalysisContext(
  { activities, scoring, activePlansOn, readinessOn, plannedNextAfter }: ContextReaders,
  accountId: string,
  activityId: string,
  inputs: AnalysisInputs,
): Promise<AnalysisContext> {
  const activity = await activities.detail(accountId, activityId);
  const dayStartMs = Date.parse(activity.startDate.slice(0, 10));
  const [fitness, trainingLog, plans, intervals, readiness, plannedNext] = await Promise.all([
    scoring.fitnessWithSources(accountId, FITNESS_DAYS, new Date(activity.startDate)),
    scoring.trainingLog(accountId, new Date(dayStartMs - (RECENT_TRAINING_DAYS - 1) * DAY_MS), new Date(dayStartMs + DAY_MS)),
    activePlansOn(accountId, new Date(dayStartMs)),
    scoring.intervals(accountId, activityId),
    readinessOn?.(accountId, activity.startDate.slice(0, 10)),
    plannedNextAfter?.(accountId, activity.startDate.slice(0, 10)),
  ]);
  return assembleAnalysisContext({ activity, fitness, trainingLog, plans, intervals, readiness, plannedNext }, inputs);
}

export function assembleAnalysisContext(sources: ContextSources, inputs: AnalysisInputs): AnalysisContext {
  const { rideDetail } = inputs;
  return {
    version: 3,
    units: inputs.units,
    activity: activityFacts(sources.activity, inputs.units),
    load: loadFacts(sources.fitness),
    recentTraining: recentTrainingFacts(sources.trainingLog),
    coaching: {
      provenance: ['athlete'],
      style: inputs.coachingStyle,
      styleName: COACHING_STYLES[inputs.coachingStyle].name,
      customInstructions: inputs.coachingStyle === 'custom' ? inputs.systemPrompt : null,
    },
    rideDetail: rideDetail
      ? { provenance: ['athlete'], type: rideDetail.type, title: RIDE_DETAILS[rideDetail.type].title, note: rideDetail.note }
      : null,
    athleteProfile: athleteProfileFacts(inputs.athlete, sources.activity, inputs.units),
    zonesUsed: zonesUsedFacts(sources.activity),
    ftpUpdate: ftpUpdateFacts(inputs.athlete.thresholds, sources.activity),
    mesocycle: mesocycleFacts(inputs.mesocycle, new Date(sources.activity.startDate)),
    activePlans: sources.plans.map(planFacts),
    ...withIntervalFacts(sources, inputs.units),
    ...withMaxHrUpdate(maxHrUpdateFacts(inputs.athlete.thresholds, sources.activity)),
    // Only when something was known that morning, so the facts (and hash) of athletes who never check in stay as they were.
    ...(sources.readiness ? { readiness: sources.readiness } : {}),
    // Only with an active plan covering the next day, so the facts (and hash) of athletes without one stay as they were.
    ...(sources.plannedNext ? { plannedNext: sources.plannedNext } : {}),
  };
}

/** Only an activity with intervals has the key, so the facts (and hash) of every other one stay as they were. */
function withIntervalFacts({ activity, intervals }: ContextSources, units: UnitSystem): { intervals?: IntervalFacts } {
  const facts = intervalFacts(intervals ?? null, { provenance: activityProvenance(activity), units, run: sportFamilyOf(activity.sportType) === 'run' });
  return facts ? { intervals: facts } : {};
}

/** Identifies the facts: equal hashes mean an analysis was written from exactly these facts. */
export function contextHash(context: AnalysisContext): string {
  // The context is built in one fixed key order, so its JSON is canonical.
  return createHash('sha256').update(JSON.stringify(context)).digest('hex');
}

/** The max-HR update only when there is one (ADR 0060), so the facts (and hash) without one stay as they were. */
function withMaxHrUpdate(maxHrUpdate: MaxHrUpdateFacts | null): { maxHrUpdate?: MaxHrUpdateFacts } {
  return maxHrUpdate ? { maxHrUpdate } : {};
}
