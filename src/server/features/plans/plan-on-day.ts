import { parseSelectedActivities, planLengthFields, planTitle, type PhaseWeek, type PreparationType } from '../../../shared/api/training-plans.ts';
import { DEFAULT_WEEK_START, parseTargetDate, phaseProgress, planSchedule, type PhaseName, type PlanLengthInput, type Weekday } from '../../../shared/domain/plan-phases.ts';
import { planAnchor } from '../../../shared/domain/plan-start.ts';
import type { ActivitySourceName } from '../../../shared/api/activities.ts';
import type { ComplianceDay, ComplianceWeek } from './compliance.ts';
import type { TrainingPlanRow } from './repo.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * Where one day falls in a training plan: the phase, the week of the phase and of the plan, and
 * the time left to the event. The analysis reads it on the activity's day, so an analysis of an
 * older activity describes the plan as it stood then (spec §1: active plans feed the analysis).
 */

/** Before the plan's first day, within its phases, or after its last day. */
export type PlanStanding = 'upcoming' | 'running' | 'completed';

export interface PhaseOnDay {
  key: PhaseName;
  /** As the generated plan names it: 'Base', 'Build', 'Peak and taper'. */
  name: string;
  weeks: number;
  /** 1-based. */
  weekOfPhase: number;
  /** The generated phase's objective and weekly focus; null when the generated plan lacks the phase. */
  objective: string | null;
  weeklyFocus: string | null;
  /** The generated plan's week: load, recovery, peak or taper, and its planned minutes. */
  week: PhaseWeek | null;
}

export interface PlanOnDay {
  id: string;
  name: string;
  preparationType: PreparationType;
  /** What the athlete asked for, from their inputs: '120 km cycling event, 2500 m of climbing, to finish'. */
  goal: string;
  standing: PlanStanding;
  /** YYYY-MM-DD: the plan's first and last day. */
  startDate: string;
  endDate: string;
  totalWeeks: number;
  /** Null unless running. */
  weekOfPlan: number | null;
  phase: PhaseOnDay | null;
  /** The event date (event plans) or goal timeline (PR plans) when it parses and is not past on the day. */
  target: { label: 'the event' | 'your target date'; date: string; daysTo: number } | null;
  /** Planned vs done in the day's calendar week as it stood at the end of the day (ADR 0035); null unless running. */
  compliance?: PlanWeekCompliance | null;
}

export interface PlanWeekCompliance {
  week: ComplianceWeek;
  /** The week's days with a session, in order. */
  sessions: ComplianceDay[];
  /** Where the activities behind the figures come from, their thresholds included (ADR 0007). */
  sources: ActivitySourceName[];
}

const PHASE_DISPLAY_NAMES: Record<PhaseName, string> = { base: 'Base', build: 'Build', 'peak-and-taper': 'Peak and taper' };

export type PlanSource = Omit<TrainingPlanRow, 'accountId' | 'isActive' | 'updatedAt' | 'planSummary'>;

/** What a plan's length and phases are computed from (plan-phases.ts). */
export function lengthInput(
  plan: {
    preparationType: PreparationType;
    planDuration?: string | null;
    eventDate?: string | null;
    prTimeline?: string | null;
    startDate?: string | null;
    generatedPlan?: { trainingPlan: { overview: { totalWeeks: number; weekStartsOn?: Weekday | undefined } } };
  },
  generatedAt: Date,
): PlanLengthInput {
  const { requestedLength, targetDate } = planLengthFields(plan);
  const overview = plan.generatedPlan?.trainingPlan.overview;
  return {
    requestedLength,
    targetDate,
    // A plan started in the past weeks (ADR 0036) is laid out from its chosen first day.
    generatedAt: planAnchor(plan.startDate, generatedAt),
    generatedWeeks: overview?.totalWeeks ?? null,
    // A plan about to be generated counts the athlete's calendar weeks (ADR 0069); a stored one keeps the layout it was made with.
    weekStartsOn: overview ? (overview.weekStartsOn ?? null) : DEFAULT_WEEK_START,
  };
}

const present = (text: string | null | undefined): string | null => text?.trim() || null;

/** The athlete's goal in one line, from what they typed (spec §3 Training plan fields). */
export function planGoal(plan: PlanSource): string {
  if (plan.preparationType === 'general-fitness') {
    const activities = (parseSelectedActivities(plan.selectedActivities) ?? []).map((option) =>
      option === 'Other' ? (present(plan.otherActivity) ?? 'other') : option.toLowerCase(),
    );
    return activities.length > 0 ? `General fitness: ${activities.join(', ')}` : 'General fitness';
  }
  if (plan.preparationType === 'event') {
    const finish = plan.completionGoal === 'time' && present(plan.targetTime) ? `target time ${present(plan.targetTime)}` : plan.completionGoal === 'complete' ? 'to finish' : null;
    const parts = [
      [present(plan.eventDistance), plan.eventType, 'event'].filter(Boolean).join(' '),
      present(plan.eventElevation) && `${present(plan.eventElevation)} of climbing`,
      finish,
    ];
    return parts.filter(Boolean).join(', ');
  }
  const change = present(plan.currentPr) && present(plan.targetPr) ? `from ${present(plan.currentPr)} to ${present(plan.targetPr)}` : present(plan.targetPr) && `target ${present(plan.targetPr)}`;
  return [present(plan.prDistance), change].filter(Boolean).join(', ') || 'Personal record';
}

function targetOn(plan: PlanSource, dayMs: number): PlanOnDay['target'] {
  const text = plan.preparationType === 'event' ? plan.eventDate : plan.preparationType === 'pr' ? plan.prTimeline : null;
  const date = parseTargetDate(text, plan.generatedAt);
  if (!date) return null;
  const daysTo = Math.round((date.getTime() - dayMs) / DAY_MS);
  if (daysTo < 0) return null;
  const label = plan.preparationType === 'event' ? 'the event' : 'your target date';
  return { label, date: date.toISOString().slice(0, 10), daysTo };
}

/** The plan on `day` (any moment of it: only its UTC date counts). */
export function planOnDay(plan: PlanSource, day: Date): PlanOnDay {
  const schedule = planSchedule(lengthInput(plan, plan.generatedAt));
  const dayMs = Date.parse(day.toISOString().slice(0, 10));
  const first = schedule.phases[0]!;
  const last = schedule.phases.at(-1)!;
  const upcoming = dayMs < Date.parse(first.startDate);
  const progress = phaseProgress(schedule.phases, new Date(dayMs));
  const running = !upcoming && progress.phase !== 'completed';
  let phase: PhaseOnDay | null = null;
  if (!upcoming && progress.phase !== 'completed' && progress.weekOfPhase !== null) {
    const scheduled = schedule.phases.find((candidate) => candidate.name === progress.phase)!;
    const generated = plan.generatedPlan.trainingPlan.phases.find((candidate) => candidate.key === progress.phase);
    const weekOfPhase = progress.weekOfPhase;
    phase = {
      key: progress.phase,
      name: generated?.name ?? PHASE_DISPLAY_NAMES[progress.phase],
      weeks: scheduled.weeks,
      weekOfPhase,
      objective: generated?.objective ?? null,
      weeklyFocus: generated?.weeklyFocus ?? null,
      week: generated?.weeks?.find((week) => week.week === weekOfPhase) ?? null,
    };
  }
  return {
    id: plan.id,
    name: planTitle(plan),
    preparationType: plan.preparationType,
    goal: planGoal(plan),
    standing: upcoming ? 'upcoming' : running ? 'running' : 'completed',
    startDate: first.startDate,
    endDate: last.endDate,
    totalWeeks: schedule.totalWeeks,
    weekOfPlan: running ? progress.weekOfPlan : null,
    phase,
    target: targetOn(plan, dayMs),
  };
}

const STANDING_ORDER: Record<PlanStanding, number> = { running: 0, upcoming: 1, completed: 2 };

/**
 * Which plan an analysis speaks about first when several are active: one running on the day
 * before one still to start before one already finished; among running plans the one that ends
 * first (the nearest goal), among upcoming ones the one that starts first, among finished ones
 * the one that ended last. Sort is stable, so ties keep the caller's order (newest plan first).
 */
export function byRelevanceOnDay(a: PlanOnDay, b: PlanOnDay): number {
  const standing = STANDING_ORDER[a.standing] - STANDING_ORDER[b.standing];
  if (standing !== 0) return standing;
  if (a.standing === 'running') return a.endDate.localeCompare(b.endDate);
  if (a.standing === 'upcoming') return a.startDate.localeCompare(b.startDate);
  return b.endDate.localeCompare(a.endDate);
}
