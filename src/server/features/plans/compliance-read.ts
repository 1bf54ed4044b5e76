import type { GeneratedPlan } from '../../../shared/api/training-plans.ts';
import type { PlanPhase } from '../../../shared/domain/plan-phases.ts';
import type { TrainingLogEntry } from '../scoring/index.ts';
import { planCompliance, type ComplianceActivity, type CompliancePlannedSession, type PlanCompliance } from './compliance.ts';
import { datedSessions } from './dated-sessions.ts';
import type { PlanWeekCompliance } from './plan-on-day.ts';
import { plannedSessionLoad, sessionSport } from './planned-load.ts';
import { DAY_MS } from '../../../shared/time.ts';

/** What compliance is computed from, read off a stored plan and the activities' training log. */


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

/**
 * The span of activities compliance reads for a plan: from its first day (nothing before the plan
 * counts, ADR 0035) to the day after its last, for a last session moved by one day.
 */
export function complianceLogSpan(plan: CompliancePlan): { from: Date; to: Date } {
  const start = Date.parse(`${plan.phases[0]!.startDate}T00:00:00Z`);
  const end = Date.parse(`${plan.phases.at(-1)!.endDate}T00:00:00Z`);
  return { from: new Date(start), to: new Date(end + 2 * DAY_MS) };
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

const dayMsOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monday of the calendar week of `day` and the span of activities its compliance reads: a day either side, up to the end of `day`. */
export function weekLogSpan(day: string): { monday: string; sunday: string; from: Date; to: Date } {
  const dayMs = dayMsOf(day);
  const mondayMs = dayMs - ((new Date(dayMs).getUTCDay() + 6) % 7) * DAY_MS;
  return { monday: isoDay(mondayMs), sunday: isoDay(mondayMs + 6 * DAY_MS), from: new Date(mondayMs - DAY_MS), to: new Date(dayMs + DAY_MS) };
}

/**
 * The calendar week of `day` as it stood at the end of that day: later activities are left out,
 * so an analysis of an older activity describes the week as it was then. Null when the week has
 * none of the plan's days.
 */
export function weekComplianceOn(plan: CompliancePlan, log: readonly TrainingLogEntry[], day: string): PlanWeekCompliance | null {
  const span = weekLogSpan(day);
  const known = log.filter((entry) => entry.startDate.getTime() >= span.from.getTime() && entry.startDate.getTime() < span.to.getTime());
  const result = planComplianceOf(plan, known, { today: day, from: span.monday, to: span.sunday });
  const [week] = result.weeks;
  if (!week) return null;
  const sources = [...new Set(known.flatMap((entry) => [entry.source, ...entry.thresholdSources]))].sort();
  return { week, sessions: result.days.filter((entry) => entry.planned !== null), sources };
}
