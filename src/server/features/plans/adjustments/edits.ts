import type { SessionIntensity, SessionStep } from '../../../../shared/api/analysis.ts';
import type { PlanAdjustment, StoredAdjustmentChange } from '../../../../shared/api/plan-adjustments.ts';
import { PLAN_EDIT_MESSAGES, type BuiltWorkout, type EditFocus, type EditSession, type EditSport, type PlanEdit, type WorkoutStep, type WorkoutTarget } from '../../../../shared/api/plan-edits.ts';
import type { EffectiveThresholds } from '../../../../shared/api/settings.ts';
import { DAYS_OF_WEEK, type ScheduledDay } from '../../../../shared/api/training-plans.ts';
import { PHASE_NAMES, type PhaseName } from '../../../../shared/domain/plan-phases.ts';
import { heartRateZoneOf, workoutThresholdsOf, workoutTotals, type MissingThreshold, type WorkoutThresholds } from '../../../../shared/domain/workout-build.ts';
import { formatCalendarDay, formatDurationWords } from '../../../../shared/format.ts';
import { AppError } from '../../../http/errors.ts';
import { planDays, type PlannedSessionSnapshot } from '../dated-sessions.ts';
import { sessionLabel, sessionSport } from '../device-files.ts';
import { parseFtpW } from '../goal-inputs.ts';
import { sessionSteps } from '../session-steps.ts';
import { enduranceSessions, notesFor, sportName } from '../sessions.ts';
import { toView } from '../view.ts';
import type { AdjustmentsRepo } from './repo.ts';
import { acceptedChanges, toAdjustmentView } from './service.ts';

/**
 * The athlete's own edits of a plan (issue #30, ADR 0082): each is an adjustment (ADR 0050) stored
 * accepted at once, with the trigger 'athlete-edit' and one plain sentence of what it did, so it
 * is laid over the plan's dated sessions like an accepted proposal of Kai's and is undone the same
 * way. An edit is checked against the plan as it stands (its accepted changes laid over it) under
 * the plan's lock; one that does not fit answers 400 and stores nothing.
 */

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayOfWeek = (date: string) => DAYS_OF_WEEK[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
const minutesText = (minutes: number) => formatDurationWords(minutes * 60);
const badRequest = (message: string) => new AppError('bad_request', message);

const MISSING_MESSAGES: Record<MissingThreshold, string> = {
  ftp: PLAN_EDIT_MESSAGES.needsFtp,
  thresholdPace: PLAN_EDIT_MESSAGES.needsThresholdPace,
  heartRateZones: PLAN_EDIT_MESSAGES.needsHeartRateZones,
};

/**
 * The plan's own session of a kind at `minutes` (a ride with its steps, as the generator writes
 * it): from the day's phase, else the first phase that has that kind (a VO2max session in base).
 */
export function planSessionOfKind(sport: EditSport, focus: EditFocus, phase: PhaseName, date: string, minutes: number, ftpW: number | null): ScheduledDay | null {
  for (const candidate of [phase, ...PHASE_NAMES.filter((name) => name !== phase)]) {
    for (const general of [false, true]) {
      const kind = enduranceSessions(candidate, sport, ftpW, general).find((entry) => entry.label === focus);
      if (!kind) continue;
      return {
        dayOfWeek: dayOfWeek(date),
        activityType: `${sportName[sport]} - ${focus}`,
        duration: minutesText(minutes),
        durationMin: minutes,
        zones: kind.zones,
        description: kind.description,
        notes: notesFor(focus, candidate, minutes, general),
        ...(sport === 'cycling' && kind.main ? { steps: sessionSteps(kind.main, minutes, ftpW) } : {}),
      };
    }
  }
  return null;
}

/** A target as the plan's steps hold it, with the athlete's own value kept beside its share of the threshold. */
function stepIntensity(target: WorkoutTarget, thresholds: WorkoutThresholds): SessionIntensity {
  const single = (value: number) => ({ low: value, high: value });
  switch (target.kind) {
    case 'ftpPct':
      return { kind: 'power', ftpPct: single(target.pct), watts: thresholds.ftpW ? single(Math.round((target.pct * thresholds.ftpW) / 100)) : null };
    case 'watts':
      // workoutTotals refused the workout without an FTP before this is reached.
      return { kind: 'power', ftpPct: single(Math.round((target.watts * 1000) / thresholds.ftpW!) / 10), watts: single(target.watts) };
    case 'pace':
      return { kind: 'pace', sPerKm: single(target.sPerKm) };
    case 'hrZone':
      return { kind: 'heartRate', zones: single(target.zone) };
    case 'heartRate':
      return { kind: 'heartRate', zones: single(heartRateZoneOf(target.bpm, thresholds.hrZones!)), bpm: single(target.bpm) };
  }
}

function sessionStepOf(step: WorkoutStep, thresholds: WorkoutThresholds): SessionStep {
  if (step.type === 'intervals') {
    return {
      type: 'intervals',
      repeats: step.repeats,
      work: { durationS: step.work.durationS, intensity: stepIntensity(step.work.target, thresholds) },
      recovery: { durationS: step.recovery.durationS, intensity: stepIntensity(step.recovery.target, thresholds) },
    };
  }
  return { type: step.type, durationS: step.durationS, intensity: stepIntensity(step.target, thresholds) };
}

/** A built workout as the plan's session of the day: its steps, its minutes and its load (workout-build.ts). */
function builtSession(workout: BuiltWorkout, date: string, effective: EffectiveThresholds): ScheduledDay {
  const thresholds = workoutThresholdsOf(effective, workout.sport);
  const totals = workoutTotals(workout.steps, thresholds);
  const missing = totals.missing[0];
  if (missing || totals.load === null) throw badRequest(MISSING_MESSAGES[missing ?? 'ftp']);
  return {
    dayOfWeek: dayOfWeek(date),
    activityType: `${sportName[workout.sport]} - ${workout.title}`,
    duration: minutesText(totals.durationMin),
    durationMin: totals.durationMin,
    zones: 'The targets you set in each step',
    description: `A workout you built: ${formatDurationWords(totals.durationS)}, training load ${totals.load}.`,
    notes: '',
    steps: workout.steps.map((step) => sessionStepOf(step, thresholds)),
    load: totals.load,
  };
}

/** A session the athlete built stores its load (the plan's own sessions do not). */
const isBuilt = (scheduled: ScheduledDay) => scheduled.load !== undefined;

/** 'threshold ride' for a plan session, 'workout “Sweet spot 3x12”' for a built one, 'Lifting - strength' otherwise. */
function sessionWords(scheduled: ScheduledDay): string {
  const sport = sessionSport(scheduled);
  if (isBuilt(scheduled)) return `workout “${sessionLabel(scheduled)}”`;
  if (!sport) return scheduled.activityType;
  return `${sessionLabel(scheduled)} ${sport === 'cycling' ? 'ride' : 'run'}`;
}

export function createPlanEditsService(deps: {
  repo: AdjustmentsRepo;
  /** The athlete's effective thresholds (ADR 0025), which a built workout's targets are read against. */
  thresholds: (accountId: string, now: Date) => Promise<EffectiveThresholds>;
  /** Called after an edit changed a plan's sessions: analyses that read the plan are stale (ADR 0014). */
  plansChanged: (accountId: string) => Promise<void>;
}) {
  const { repo, thresholds, plansChanged } = deps;

  return {
    /** Applies one edit as an accepted adjustment; 400 when it does not fit the plan (nothing stored), 404 for no such plan. */
    async edit(accountId: string, planId: string, edit: PlanEdit, now = new Date()): Promise<PlanAdjustment> {
      // Read before the lock: PGlite has one connection, and the lock's transaction holds it.
      const effective = edit.kind === 'replace' || edit.kind === 'add' ? (edit.session.type === 'workout' ? await thresholds(accountId, now) : null) : null;
      const id = await repo.withPlanLocked(accountId, planId, async (row, tx) => {
        const history = await tx.ofPlan(accountId, planId);
        const days = new Map(planDays({ ...toView(row, now), sessionChanges: acceptedChanges(history) }).map((day) => [day.date, day]));
        const today = isoDay(now.getTime());
        const ftpW = parseFtpW(row.ftp);
        const dayOf = (date: string) => {
          const day = days.get(date);
          if (!day) throw badRequest(PLAN_EDIT_MESSAGES.notInPlan(formatCalendarDay(date)));
          if (date < today) throw badRequest(PLAN_EDIT_MESSAGES.past(formatCalendarDay(date)));
          // The event is fixed to its day: its session is not moved, changed, replaced or deleted, and nothing is moved or added onto it.
          if (day.context.isRaceDay) throw badRequest(PLAN_EDIT_MESSAGES.raceDay(formatCalendarDay(date)));
          return day;
        };
        const heldOn = (date: string): PlannedSessionSnapshot => {
          const session = dayOf(date).session;
          if (!session) throw badRequest(PLAN_EDIT_MESSAGES.noSession(formatCalendarDay(date)));
          return { scheduled: session.scheduled, durationMin: session.durationMin };
        };
        const freeOn = (date: string) => {
          if (dayOf(date).session) throw badRequest(PLAN_EDIT_MESSAGES.taken(formatCalendarDay(date)));
        };
        const build = (session: EditSession, date: string): PlannedSessionSnapshot => {
          if (session.type === 'workout') {
            const scheduled = builtSession(session, date, effective!);
            return { scheduled, durationMin: scheduled.durationMin };
          }
          const scheduled = planSessionOfKind(session.sport, session.focus, dayOf(date).context.phase.key, date, session.durationMin, ftpW);
          if (!scheduled) throw badRequest(PLAN_EDIT_MESSAGES.noPlanKind(session.sport, session.focus));
          return { scheduled, durationMin: session.durationMin };
        };
        const described = (snapshot: PlannedSessionSnapshot) => `${minutesText(snapshot.durationMin)} ${sessionWords(snapshot.scheduled)}`;
        const dayText = (date: string) => formatCalendarDay(date);

        let changes: StoredAdjustmentChange[];
        let reason: string;
        switch (edit.kind) {
          case 'move': {
            const held = heldOn(edit.from);
            freeOn(edit.to);
            changes = [
              { date: edit.from, kind: 'move', before: held, after: null },
              { date: edit.to, kind: 'move', before: null, after: { scheduled: { ...held.scheduled, dayOfWeek: dayOfWeek(edit.to) }, durationMin: held.durationMin } },
            ];
            reason = `You moved ${dayText(edit.from)}'s ${sessionWords(held.scheduled)} to ${dayText(edit.to)}.`;
            break;
          }
          case 'change': {
            const held = heldOn(edit.date);
            const sport = sessionSport(held.scheduled);
            let after: PlannedSessionSnapshot;
            if (edit.focus !== undefined) {
              if (!sport) throw badRequest(PLAN_EDIT_MESSAGES.notEndurance);
              after = build({ type: 'focus', sport, focus: edit.focus, durationMin: edit.durationMin ?? held.durationMin }, edit.date);
            } else {
              if (isBuilt(held.scheduled)) throw badRequest(PLAN_EDIT_MESSAGES.builtWorkoutMinutes);
              // The session as it is at other minutes: its steps are fitted to them when its files are written, as a week's volume does.
              after = { scheduled: held.scheduled, durationMin: edit.durationMin! };
            }
            changes = [{ date: edit.date, kind: 'change', before: held, after }];
            reason = `You changed ${dayText(edit.date)}'s ${described(held)} to ${described(after)}.`;
            break;
          }
          case 'replace': {
            const held = heldOn(edit.date);
            const after = build(edit.session, edit.date);
            changes = [{ date: edit.date, kind: 'replace', before: held, after }];
            reason = `You replaced ${dayText(edit.date)}'s ${described(held)} with ${described(after)}.`;
            break;
          }
          case 'delete': {
            const held = heldOn(edit.date);
            changes = [{ date: edit.date, kind: 'delete', before: held, after: null }];
            reason = `You made ${dayText(edit.date)} a rest day instead of its ${described(held)}.`;
            break;
          }
          case 'add': {
            freeOn(edit.date);
            const after = build(edit.session, edit.date);
            changes = [{ date: edit.date, kind: 'add', before: null, after }];
            reason = `You added ${described(after)} on ${dayText(edit.date)}.`;
            break;
          }
        }
        const built = changes.flatMap((change) => (change.after?.scheduled.load !== undefined ? [change.after] : []))[0];
        const evidence: Record<string, number | string> = built ? { durationMin: built.durationMin, load: built.scheduled.load! } : {};
        const dates = changes.map((change) => change.date);
        const inserted = await tx.insert(accountId, planId, { trigger: 'athlete-edit', situation: `athlete-edit:${edit.kind}:${dates.join(',')}`, reason, evidence, changes }, now);
        await tx.setStatus(accountId, [inserted.id], 'accepted', now);
        // Kai's pending proposals for the same days were written against what the days held before.
        const touched = new Set(dates);
        const overlapping = history.filter((entry) => entry.status === 'pending' && entry.changes.some((change) => touched.has(change.date)));
        await tx.setStatus(accountId, overlapping.map((entry) => entry.id), 'superseded', now);
        await tx.touchPlan(accountId, planId, now);
        return inserted.id;
      });
      if (id === undefined) throw new AppError('not_found', 'Training plan not found');
      await plansChanged(accountId);
      const stored = (await repo.ofPlan(accountId, planId)).find((entry) => entry.id === id)!;
      return toAdjustmentView(stored);
    },
  };
}

export type PlanEditsService = ReturnType<typeof createPlanEditsService>;
