import type { GeneratedPlan } from '../../../shared/api/training-plans.ts';
import type { PlanPhase } from '../../../shared/domain/plan-phases.ts';
import type { TrainingLogEntry } from '../activities/service.ts';
import { planCompliance, type ComplianceActivity, type CompliancePlannedSession, type PlanCompliance } from './compliance.ts';
import { datedSessions } from './dated-sessions.ts';
import { plannedSessionLoad, sessionSport } from './planned-load.ts';

/** What compliance is computed from, read off a stored plan and the activities' training log. */

const DAY_MS = 86_400_000;

export interface CompliancePlan {
  phases: readonly PlanPhase[];
  generatedPlan: GeneratedPlan;
}

/** The plan's dated sessions with the sport family they need and their planned load. */
export function complianceSessions(plan: CompliancePlan): CompliancePlannedSession[] {
  return datedSessions(plan).map((session) => ({
    date: session.date,
    name: session.scheduled.activityType,
    sport: sessionSport(session.scheduled.activityType).family,
    durationMin: session.durationMin,
    plannedLoad: plannedSessionLoad(session.scheduled, session.phase.key, session.durationMin),
  }));
}

export function complianceActivities(log: readonly TrainingLogEntry[]): ComplianceActivity[] {
  return log.map((entry) => ({
    id: entry.activityId,
    family: entry.family,
    startDate: entry.startDate,
    movingTimeS: entry.movingTimeS,
    trainingLoad: entry.trainingLoad,
  }));
}

/** The span of activities compliance reads for a plan: a day either side, for sessions moved by one. */
export function complianceLogSpan(plan: CompliancePlan): { from: Date; to: Date } {
  const start = Date.parse(`${plan.phases[0]!.startDate}T00:00:00Z`);
  const end = Date.parse(`${plan.phases.at(-1)!.endDate}T00:00:00Z`);
  return { from: new Date(start - DAY_MS), to: new Date(end + 2 * DAY_MS) };
}

export function planComplianceOf(plan: CompliancePlan, log: readonly TrainingLogEntry[], span: { today: string; from: string; to: string }): PlanCompliance {
  return planCompliance({
    startDate: plan.phases[0]!.startDate,
    endDate: plan.phases.at(-1)!.endDate,
    sessions: complianceSessions(plan),
    activities: complianceActivities(log),
    ...span,
  });
}
