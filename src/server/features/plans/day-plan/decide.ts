import type { DayPlanDay, DaySession } from '../../../../shared/api/day-plan.ts';
import type { ReadinessState } from '../../../../shared/api/wellness.ts';
import { formatDurationWords, formatShortCalendarDay } from '../../../../shared/format.ts';
import { addCalendarDays } from '../../../../shared/time.ts';
import { FORM_LONG_SHORTEN_PCT, isIntensity, isLong, replacement, TIRED_ENDURANCE_MAX_MIN } from '../adjustments/rules.ts';
import type { ChangedDay, DatedSession, PlannedSessionSnapshot } from '../dated-sessions.ts';
import type { PhaseName } from '../../../../shared/domain/plan-phases.ts';
import { planDaySession } from './session.ts';

/**
 * The day plan (ADR 0068), pure: for each date, one decision of what the athlete does, in three
 * layers, each stated in the day's `why`:
 *
 * 1. **The active plans.** The plan covering the date decides, with the changes the athlete
 *    accepted already laid over it (dated-sessions.ts). Active plans do not overlap (ADR 0070);
 *    where older data still has two covering one date, the one that ends first (the nearer goal)
 *    decides, then the one that starts first, then the plan id.
 * 2. **Readiness, today only** (a readiness is a judgement of the morning it is read on):
 *    strained readiness holds a hard session back as Kai's proposals would (ADR 0050): an
 *    intensity session becomes the plan's endurance session of at most 60 min, a long one is
 *    shortened to 75 %. Never on the race day, never over a change the athlete accepted.
 * 3. **Kai's suggestion** where no plan covers the date: the next session of the latest
 *    analysis, on the day after that activity, or today when that day has passed without
 *    training, for at most SUGGESTION_HOLDS_DAYS days after the activity. Other dates without a
 *    plan have nothing decided (source 'none'), never a made-up session.
 *
 * A proposal still waiting for the athlete does not change the day: it is shown beside it.
 */

/** Kai's suggestion after an activity stands until this many days after it. */
export const SUGGESTION_HOLDS_DAYS = 3;
export const HELD_BACK_LONG_PCT = FORM_LONG_SHORTEN_PCT;

export interface PlanDayEntry {
  date: string;
  session: DatedSession | null;
  context: Pick<DatedSession, 'phase' | 'isRaceDay'>;
}

export interface ActivePlanDays {
  id: string;
  name: string;
  /** YYYY-MM-DD: the plan's first and last day. */
  startDate: string;
  endDate: string;
  /** Every day of the plan with the accepted changes laid over it (planDays). */
  days: readonly PlanDayEntry[];
  changed: readonly ChangedDay[];
  /** The accepted adjustments that are the athlete's own edits (ADR 0082), not Kai's proposals; absent: none. */
  athleteEdits?: ReadonlySet<string>;
  ftpW: number | null;
}

export interface PendingProposal {
  adjustmentId: string;
  planId: string;
  reason: string;
  changes: readonly { date: string; after: PlannedSessionSnapshot | null }[];
}

export interface CoachSuggestion {
  activityName: string;
  /** YYYY-MM-DD: the day of the activity the analysis is about. */
  activityDay: string;
  session: DaySession;
  /** The same session held back for strained readiness; null when it is easy already. */
  heldBack: DaySession | null;
}

export interface DayPlanInput {
  today: string;
  dates: readonly string[];
  plans: readonly ActivePlanDays[];
  proposals: readonly PendingProposal[];
  readiness: { state: ReadinessState; reason: string | null } | null;
  suggestion: CoachSuggestion | null;
}

const round5 = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);
const describe = (session: DaySession) => `${session.title}, ${formatDurationWords(session.durationMin * 60)}`;

/** Which active plan decides a date: ADR 0068's order among plans covering it. */
export function planFor(plans: readonly ActivePlanDays[], date: string): ActivePlanDays | undefined {
  return plans
    .filter((plan) => plan.startDate <= date && date <= plan.endDate)
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))[0];
}

/** The date Kai's suggestion is for, or null when it no longer stands on `today`. */
export function suggestionDate(suggestion: Pick<CoachSuggestion, 'activityDay'>, today: string): string | null {
  const next = addCalendarDays(suggestion.activityDay, 1);
  const date = next > today ? next : today;
  return date <= addCalendarDays(suggestion.activityDay, SUGGESTION_HOLDS_DAYS) ? date : null;
}

/** Strained readiness on a plan session: the held-back session, or null when it is not hard. */
export function heldBackPlanSession(session: DatedSession, ftpW: number | null): PlannedSessionSnapshot | null {
  if (session.isRaceDay) return null;
  if (isIntensity(session)) {
    const minutes = Math.min(session.durationMin, TIRED_ENDURANCE_MAX_MIN);
    return { scheduled: replacement(session, 'endurance', minutes, ftpW), durationMin: minutes };
  }
  if (isLong(session)) {
    const minutes = round5((session.durationMin * HELD_BACK_LONG_PCT) / 100);
    return minutes < session.durationMin ? { scheduled: session.scheduled, durationMin: minutes } : null;
  }
  return null;
}

/** The plan's session a plan day's decision holds, as the plan lays it (accepted changes and today's hold included), with its phase. */
export interface DecidedPlanSession {
  snapshot: PlannedSessionSnapshot;
  phase: PhaseName;
}

/** A date's decision with the plan session behind it (null: a rest day, or no plan covers the date). */
export interface DecidedDay {
  day: DayPlanDay;
  planned: DecidedPlanSession | null;
}

function planDay(date: string, plan: ActivePlanDays, input: DayPlanInput): DecidedDay {
  const entry = plan.days.find((day) => day.date === date);
  const changed = plan.changed.find((day) => day.date === date);
  const phase = entry?.context.phase;
  const base = { date, source: 'plan' as const, plan: { id: plan.id, name: plan.name }, raceDay: entry?.context.isRaceDay ?? false };
  const where = phase ? ` (${phase.name})` : '';
  let session = entry?.session ? planDaySession(entry.session, entry.session.phase.key) : null;
  let planned: DecidedPlanSession | null = entry?.session ? { snapshot: entry.session, phase: entry.session.phase.key } : null;
  let change: DayPlanDay['change'] = null;
  let why = session
    ? `${base.raceDay ? 'Race day' : 'The session'} of your plan "${plan.name}"${where}.`
    : `A rest day in your plan "${plan.name}"${where}.`;
  if (changed && phase) {
    const planned = changed.original && planDaySession(changed.original, phase.key);
    change = { kind: 'adjustment', adjustmentId: changed.adjustmentId, planned };
    const became = `${planned ? describe(planned) : 'a rest day'} became ${session ? describe(session) : 'a rest day'}`;
    why = plan.athleteEdits?.has(changed.adjustmentId) ? `You edited your plan "${plan.name}": ${became}.` : `You accepted Kai's change to your plan "${plan.name}": ${became}.`;
  }
  const readiness = date === input.today ? input.readiness : null;
  if (readiness?.state === 'strained' && entry?.session && session && !changed) {
    const held = heldBackPlanSession(entry.session, plan.ftpW);
    if (held) {
      const heldSession = planDaySession(held, entry.session.phase.key);
      change = { kind: 'readiness', planned: session };
      why = `Readiness is strained today${readiness.reason ? ` (${readiness.reason})` : ''}: your plan's ${describe(session)} is held back to ${describe(heldSession)}.`;
      session = heldSession;
      planned = { snapshot: held, phase: entry.session.phase.key };
    }
  }
  return { day: { ...base, session, change, proposal: proposalOn(date, plan.id, entry, input.proposals), readiness, why }, planned };
}

function proposalOn(date: string, planId: string, entry: PlanDayEntry | undefined, proposals: readonly PendingProposal[]): DayPlanDay['proposal'] {
  for (const proposal of proposals) {
    if (proposal.planId !== planId) continue;
    const change = proposal.changes.find((candidate) => candidate.date === date);
    if (!change) continue;
    const phase = entry?.context.phase.key ?? 'base';
    return { adjustmentId: proposal.adjustmentId, planId, reason: proposal.reason, session: change.after && planDaySession(change.after, phase) };
  }
  return null;
}

function coachDay(date: string, input: DayPlanInput): DayPlanDay {
  const { suggestion, today } = input;
  const readiness = date === today ? input.readiness : null;
  const base = { date, plan: null, proposal: null, readiness, raceDay: false };
  if (!suggestion || suggestionDate(suggestion, today) !== date) {
    return { ...base, session: null, source: 'none', change: null, why: 'No plan covers this day: Kai suggests one session at a time, after each activity.' };
  }
  const after = `Kai's next session after ${suggestion.activityName} (${formatShortCalendarDay(suggestion.activityDay)})`;
  if (readiness?.state === 'strained' && suggestion.heldBack) {
    return {
      ...base,
      source: 'coach',
      session: suggestion.heldBack,
      change: { kind: 'readiness', planned: suggestion.session },
      why: `Readiness is strained today${readiness.reason ? ` (${readiness.reason})` : ''}: ${after}, ${describe(suggestion.session)}, is held back to ${describe(suggestion.heldBack)}.`,
    };
  }
  return { ...base, source: 'coach', session: suggestion.session, change: null, why: `${after}; no plan covers this day.` };
}

/** The decision for each of `input.dates`. */
export function decideDays(input: DayPlanInput): DayPlanDay[] {
  return decideDaysWithSessions(input).map((decided) => decided.day);
}

/** The same decisions, each with the plan session it holds: what its planned load is estimated from (the fitness forecast). */
export function decideDaysWithSessions(input: DayPlanInput): DecidedDay[] {
  return input.dates.map((date) => {
    const plan = planFor(input.plans, date);
    return plan ? planDay(date, plan, input) : { day: coachDay(date, input), planned: null };
  });
}

/** `count` dates from `from`, in order. */
export function datesFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addCalendarDays(from, index));
}
