import { DAYS_OF_WEEK, type GeneratedPlan, type PhaseWeek, type ScheduledDay } from '../../../shared/api/training-plans.ts';
import { phaseWeekOneStart, type PhaseName, type PlanPhase } from '../../../shared/domain/plan-phases.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * A plan's sessions on the calendar: each phase's typical week repeated over its weeks (the
 * athlete's calendar weeks, ADR 0069), each week's sessions scaled to that week's planned volume,
 * the progress checks that are sessions on their days, and the race week's own sessions; then the
 * changes the athlete accepted (ADR 0050) laid over them in the order they were accepted. The plan
 * view, the compliance check, the calendar file and feed, and the device files all read this one
 * layout, so an accepted change reaches each of them and an undone one leaves all of them.
 */


export interface DatedSession {
  /** YYYY-MM-DD. */
  date: string;
  /** The session as the generated plan writes it (or as an accepted change wrote it); its `durationMin` is the typical week's. */
  scheduled: ScheduledDay;
  /** The minutes planned on this date: the typical week's scaled to this week's volume. */
  durationMin: number;
  phase: { key: PhaseName; name: string };
  /** 1-based week of the phase. */
  weekOfPhase: number;
  /** The generated week's kind, or 'race' in the race week; null when the plan has no week-by-week volumes. */
  weekKind: PhaseWeek['kind'] | 'race' | null;
  isRaceDay: boolean;
  /** The accepted adjustment that put this session here; absent for the plan's own sessions. */
  adjustmentId?: string;
}

/** A session as a change stores it: enough to lay it on a day and to compare it with what the day holds. */
export interface PlannedSessionSnapshot {
  scheduled: ScheduledDay;
  durationMin: number;
}

/** One day of an accepted adjustment: what the day held (null: nothing) and what it holds now (null: a rest day). */
export interface AcceptedSessionChange {
  adjustmentId: string;
  date: string;
  before: PlannedSessionSnapshot | null;
  after: PlannedSessionSnapshot | null;
}

export interface DatedPlan {
  phases: readonly PlanPhase[];
  generatedPlan: GeneratedPlan;
  /** Accepted changes in the order they were accepted; absent or empty: the plan as generated. */
  sessionChanges?: readonly AcceptedSessionChange[];
}

interface DayLayout {
  date: string;
  context: Omit<DatedSession, 'date' | 'scheduled' | 'durationMin' | 'adjustmentId'>;
  session: DatedSession | null;
  /** Set when accepted changes touched the day: the latest of them and what the plan itself had there (null: a rest day). */
  changed?: { adjustmentId: string; original: PlannedSessionSnapshot | null };
}

/** A day an accepted change touched: what the plan had there (null: nothing) and what it holds now (null: a rest day). */
export interface ChangedDay {
  date: string;
  adjustmentId: string;
  original: PlannedSessionSnapshot | null;
  session: DatedSession | null;
}

/** Every day of the plan with where it falls and the generated session on it (null on rest days). */
function layout(plan: DatedPlan): DayLayout[] {
  const days: DayLayout[] = [];
  const raceWeek = plan.generatedPlan.trainingPlan.raceWeek;
  const race = raceWeek
    ? { start: Date.parse(`${raceWeek.startDate}T00:00:00Z`), day: Date.parse(`${raceWeek.date}T00:00:00Z`), schedule: raceWeek.dailySchedule }
    : null;
  // A progress check that is a session (a test) takes its day (ADR 0069).
  const checks = new Map(plan.generatedPlan.progressChecks.flatMap((check) => (check.date && check.session ? [[check.date, check.session] as const] : [])));
  for (const [index, phase] of plan.phases.entries()) {
    const generated = plan.generatedPlan.trainingPlan.phases.find((candidate) => candidate.key === phase.name);
    const schedule = generated?.dailySchedule ?? [];
    const typicalMin = Math.max(1, ...(generated?.weeks ?? []).filter((w) => w.kind === 'load' || w.kind === 'peak').map((w) => w.targetMin));
    const phaseStart = Date.parse(`${phase.startDate}T00:00:00Z`);
    const phaseEnd = Date.parse(`${phase.endDate}T00:00:00Z`);
    // Weeks are the athlete's calendar weeks: the first may begin before the plan's first day (ADR 0069).
    const weekOne = phaseWeekOneStart(plan.phases, index);
    for (let week = 1; week <= phase.weeks; week++) {
      const plannedWeek = generated?.weeks?.find((candidate) => candidate.week === week);
      const weekStart = weekOne + (week - 1) * 7 * DAY_MS;
      const scale = plannedWeek ? Math.min(1, plannedWeek.targetMin / typicalMin) : 1;
      for (let offset = 0; offset < 7; offset++) {
        const day = weekStart + offset * DAY_MS;
        if (day < phaseStart || day > phaseEnd) continue;
        // The race week's seven days have their own sessions at their own minutes; after the event the plan rests.
        if (race && day > race.day) continue;
        const inRaceWeek = race !== null && day >= race.start;
        const isRaceDay = inRaceWeek && day === race.day;
        const date = new Date(day).toISOString().slice(0, 10);
        const context = {
          phase: { key: phase.name, name: generated?.name ?? phase.name },
          weekOfPhase: week,
          weekKind: inRaceWeek ? ('race' as const) : (plannedWeek?.kind ?? null),
          isRaceDay,
        };
        // getUTCDay: 0 is Sunday; DAYS_OF_WEEK starts on Monday.
        const dayName = DAYS_OF_WEEK[(new Date(day).getUTCDay() + 6) % 7];
        const check = checks.get(date);
        const session = check ?? (inRaceWeek ? race.schedule : schedule).find((entry) => entry.dayOfWeek === dayName);
        if (!session || (session.durationMin === 0 && !isRaceDay)) {
          days.push({ date, context, session: null });
          continue;
        }
        // Lifting, the race week and a test keep their own minutes; the rest scale to the week's volume.
        const minutes =
          check || session.activityType.startsWith('Lifting') || inRaceWeek ? session.durationMin : Math.max(5, Math.round((session.durationMin * scale) / 5) * 5);
        days.push({ date, context, session: { date, scheduled: session, durationMin: minutes, ...context } });
      }
    }
  }
  return days;
}

/** Whether a day holds what a change found there: the same kind of session at the same minutes, or nothing. */
export function sameSession(held: PlannedSessionSnapshot | null, expected: PlannedSessionSnapshot | null): boolean {
  if (held === null || expected === null) return held === expected;
  return held.scheduled.activityType === expected.scheduled.activityType && held.durationMin === expected.durationMin;
}

/** The plan's days with the accepted changes laid over them, in the order accepted. */
function adjustedLayout(plan: DatedPlan): DayLayout[] {
  const days = layout(plan);
  const changes = plan.sessionChanges ?? [];
  if (changes.length === 0) return days;
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const change of changes) {
    const day = byDate.get(change.date);
    if (!day || !sameSession(day.session, change.before)) continue;
    const original = day.changed ? day.changed.original : day.session && { scheduled: day.session.scheduled, durationMin: day.session.durationMin };
    day.changed = { adjustmentId: change.adjustmentId, original };
    day.session = change.after
      ? { date: day.date, scheduled: change.after.scheduled, durationMin: change.after.durationMin, ...day.context, adjustmentId: change.adjustmentId }
      : null;
  }
  return days;
}

/**
 * Every dated session of a plan, in date order; rest days are left out. An accepted change
 * applies only while its day still holds what the change found there: a plan regenerated since
 * (or a day another change took first) keeps what it has.
 */
export function datedSessions(plan: DatedPlan): DatedSession[] {
  return adjustedLayout(plan).flatMap((day) => (day.session ? [day.session] : []));
}

/** Every day of the plan, rest days included (null session), for the adjustments review that may place a session on a free day. */
export function planDays(plan: DatedPlan): { date: string; session: DatedSession | null; context: DayLayout['context'] }[] {
  return adjustedLayout(plan);
}

/**
 * The days accepted changes touched, in date order, rest days included: the plan view marks them,
 * so a session a change turned into a rest day shows as changed rather than vanishing.
 */
export function changedDays(plan: DatedPlan): ChangedDay[] {
  if ((plan.sessionChanges ?? []).length === 0) return [];
  return adjustedLayout(plan).flatMap((day) => (day.changed ? [{ date: day.date, adjustmentId: day.changed.adjustmentId, original: day.changed.original, session: day.session }] : []));
}
