import { z } from 'zod';

/**
 * The athlete edits an active training plan (issue #30, ADR 0082): move a planned session to
 * another day, change its minutes or its kind, replace it, delete it, add one, or put a workout
 * they built from steps on a day. Each edit is stored as an accepted plan adjustment (ADR 0050,
 * trigger 'athlete-edit'), laid over the plan's dated sessions like an accepted proposal of Kai's,
 * so the plan view, the day plan, the calendar, the .ics feed and the workout files follow it; it
 * is undone with POST /api/training-plans/{id}/adjustments/{adjustmentId}/undo.
 *
 * POST /api/training-plans/{id}/edits, body `planEdit` → 201 with the stored adjustment
 * (`PlanAdjustment` of ./plan-adjustments.ts: trigger 'athlete-edit', status 'accepted', `reason`
 * one plain sentence, e.g. "You moved Tue, Dec 1's threshold ride to Thu, Dec 3.", `changes` one
 * per day touched with kind move/change/replace/delete/add; `evidence` { durationMin, load } for a
 * built workout, else {}). 400 { message }: the body or the edit does not fit (PLAN_EDIT_MESSAGES;
 * nothing is stored); 404: no such plan of this account.
 * A built workout's session is named '<Sport> - <title>' ('Cycling - Over 300'); its minutes are
 * its steps' (workoutTotals), so `change` refuses new minutes for it (builtWorkoutMinutes).
 *
 * The web's plan editor and workout builder rely on this file and on
 * shared/domain/workout-build.ts (the workout's total time and load), as the server does.
 */

/** YYYY-MM-DD. */
const day = z.string('Give the day as YYYY-MM-DD.').regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day as YYYY-MM-DD.');

/** The sports an edit puts on a day: the plan's endurance sessions ('Cycling - …', 'Running - …'). */
export const editSports = ['cycling', 'running'] as const;
export type EditSport = (typeof editSports)[number];

/** The kinds of session the plan writes, by their names in the plan ('Cycling - threshold'). */
export const editFocuses = ['recovery', 'endurance', 'tempo', 'threshold', 'vo2max', 'long'] as const;
export type EditFocus = (typeof editFocuses)[number];

/** Bounds of what an edit may ask for. */
export const EDIT_LIMITS = {
  minSessionMin: 10,
  maxSessionMin: 600,
  /** A built workout's whole length, seconds. */
  maxWorkoutS: 10 * 3600,
  maxStepS: 6 * 3600,
  maxSteps: 40,
  maxRepeats: 50,
  maxTitle: 80,
  maxWatts: 2000,
  maxFtpPct: 300,
  /** s per km: 2:00/km to 20:00/km. */
  minPaceSPerKm: 120,
  maxPaceSPerKm: 1200,
  minBpm: 40,
  maxBpm: 230,
} as const;

/** The 400 messages of the body's checks and of the service's (which read the plan and the athlete's thresholds). */
export const PLAN_EDIT_MESSAGES = {
  kind: 'Say what the edit does: move, change, replace, delete or add.',
  sport: 'The sport is cycling or running.',
  focus: `The kind of session is one of ${editFocuses.join(', ')}.`,
  sessionType: "Say whether the session is one of the plan's kinds (type 'focus') or a workout you built (type 'workout').",
  sessionMinutes: `A session lasts ${EDIT_LIMITS.minSessionMin} to ${EDIT_LIMITS.maxSessionMin} minutes.`,
  changeNothing: 'Say what to change: the minutes, the kind of session, or both.',
  sameDay: 'Move the session to a different day.',
  title: `Give the workout a title of at most ${EDIT_LIMITS.maxTitle} characters.`,
  steps: `A workout has 1 to ${EDIT_LIMITS.maxSteps} steps.`,
  stepType: 'Each step is a warmup, steady, cooldown or intervals step.',
  stepDuration: 'Each step lasts at least 1 second.',
  stepTooLong: `Each step lasts at most ${EDIT_LIMITS.maxStepS / 3600} hours.`,
  repeats: `An intervals step repeats 1 to ${EDIT_LIMITS.maxRepeats} times.`,
  workoutTooLong: `A workout lasts at most ${EDIT_LIMITS.maxWorkoutS / 3600} hours.`,
  targetKind: 'Each target is watts, ftpPct, pace, heartRate or hrZone.',
  watts: `A power target is 1 to ${EDIT_LIMITS.maxWatts.toLocaleString('en-GB')} W.`,
  ftpPct: `A power target is 1 to ${EDIT_LIMITS.maxFtpPct} % of FTP.`,
  pace: 'A pace target is between 2:00 and 20:00 per km.',
  bpm: `A heart-rate target is ${EDIT_LIMITS.minBpm} to ${EDIT_LIMITS.maxBpm} bpm.`,
  zone: 'A heart-rate zone is 1 to 5.',
  paceOnRide: 'Pace targets are for runs: target a ride by power or heart rate.',
  // The service's checks.
  notInPlan: (date: string) => `${date} is not a day of this plan.`,
  past: (date: string) => `${date} is already over: edit today or a day ahead.`,
  noSession: (date: string) => `${date} holds no session to edit.`,
  raceDay: (date: string) => `${date} is your event day: the race stays on it, and nothing else is planned there.`,
  taken: (date: string) => `${date} already holds a session: replace it, or move or delete it first.`,
  builtWorkoutMinutes: 'A workout you built is as long as its steps: edit its steps and replace it.',
  notEndurance: 'Only a ride or a run changes its kind of session: replace this one instead.',
  needsFtp: 'Set your FTP in Settings to target watts, or target a % of FTP.',
  needsThresholdPace: 'Set your threshold pace in Settings to target a pace.',
  needsHeartRateZones: 'Set your heart-rate zones in Settings to target a heart rate in bpm, or target a zone.',
  noPlanKind: (sport: EditSport, focus: EditFocus) => `The plan has no ${focus} ${sport === 'cycling' ? 'ride' : 'run'} to build that session from.`,
} as const;

/**
 * A step's target. Pace is seconds per km whatever the athlete's units (the screen converts a
 * per-mile pace); a heart rate is bpm, or a zone of the athlete's heart-rate zones.
 */
export const workoutTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('watts'), watts: z.number(PLAN_EDIT_MESSAGES.watts).int(PLAN_EDIT_MESSAGES.watts).min(1, PLAN_EDIT_MESSAGES.watts).max(EDIT_LIMITS.maxWatts, PLAN_EDIT_MESSAGES.watts) }),
    z.object({ kind: z.literal('ftpPct'), pct: z.number(PLAN_EDIT_MESSAGES.ftpPct).int(PLAN_EDIT_MESSAGES.ftpPct).min(1, PLAN_EDIT_MESSAGES.ftpPct).max(EDIT_LIMITS.maxFtpPct, PLAN_EDIT_MESSAGES.ftpPct) }),
    z.object({
      kind: z.literal('pace'),
      sPerKm: z.number(PLAN_EDIT_MESSAGES.pace).int(PLAN_EDIT_MESSAGES.pace).min(EDIT_LIMITS.minPaceSPerKm, PLAN_EDIT_MESSAGES.pace).max(EDIT_LIMITS.maxPaceSPerKm, PLAN_EDIT_MESSAGES.pace),
    }),
    z.object({ kind: z.literal('heartRate'), bpm: z.number(PLAN_EDIT_MESSAGES.bpm).int(PLAN_EDIT_MESSAGES.bpm).min(EDIT_LIMITS.minBpm, PLAN_EDIT_MESSAGES.bpm).max(EDIT_LIMITS.maxBpm, PLAN_EDIT_MESSAGES.bpm) }),
    z.object({ kind: z.literal('hrZone'), zone: z.number(PLAN_EDIT_MESSAGES.zone).int(PLAN_EDIT_MESSAGES.zone).min(1, PLAN_EDIT_MESSAGES.zone).max(5, PLAN_EDIT_MESSAGES.zone) }),
  ],
  PLAN_EDIT_MESSAGES.targetKind,
);
export type WorkoutTarget = z.infer<typeof workoutTarget>;

const stepSeconds = z
  .number(PLAN_EDIT_MESSAGES.stepDuration)
  .int(PLAN_EDIT_MESSAGES.stepDuration)
  .min(1, PLAN_EDIT_MESSAGES.stepDuration)
  .max(EDIT_LIMITS.maxStepS, PLAN_EDIT_MESSAGES.stepTooLong);
const part = z.object({ durationS: stepSeconds, target: workoutTarget });

export const workoutStep = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.enum(['warmup', 'steady', 'cooldown']), durationS: stepSeconds, target: workoutTarget }),
    z.object({
      type: z.literal('intervals'),
      repeats: z.number(PLAN_EDIT_MESSAGES.repeats).int(PLAN_EDIT_MESSAGES.repeats).min(1, PLAN_EDIT_MESSAGES.repeats).max(EDIT_LIMITS.maxRepeats, PLAN_EDIT_MESSAGES.repeats),
      work: part,
      recovery: part,
    }),
  ],
  PLAN_EDIT_MESSAGES.stepType,
);
export type WorkoutStep = z.infer<typeof workoutStep>;

/** Seconds of one step, an intervals step counting its repeats × (work + recovery). */
export const workoutStepSeconds = (step: WorkoutStep): number =>
  step.type === 'intervals' ? step.repeats * (step.work.durationS + step.recovery.durationS) : step.durationS;

const targetsOf = (step: WorkoutStep): WorkoutTarget[] => (step.type === 'intervals' ? [step.work.target, step.recovery.target] : [step.target]);

/** A workout the athlete built from steps. */
export const builtWorkout = z
  .object({
    type: z.literal('workout'),
    title: z.string(PLAN_EDIT_MESSAGES.title).trim().min(1, PLAN_EDIT_MESSAGES.title).max(EDIT_LIMITS.maxTitle, PLAN_EDIT_MESSAGES.title),
    sport: z.enum(editSports, PLAN_EDIT_MESSAGES.sport),
    steps: z.array(workoutStep, PLAN_EDIT_MESSAGES.steps).min(1, PLAN_EDIT_MESSAGES.steps).max(EDIT_LIMITS.maxSteps, PLAN_EDIT_MESSAGES.steps),
  })
  .superRefine((workout, ctx) => {
    if (workout.steps.reduce((sum, step) => sum + workoutStepSeconds(step), 0) > EDIT_LIMITS.maxWorkoutS) ctx.addIssue({ code: 'custom', message: PLAN_EDIT_MESSAGES.workoutTooLong });
    if (workout.sport === 'cycling' && workout.steps.some((step) => targetsOf(step).some((target) => target.kind === 'pace'))) {
      ctx.addIssue({ code: 'custom', message: PLAN_EDIT_MESSAGES.paceOnRide });
    }
  });
export type BuiltWorkout = z.infer<typeof builtWorkout>;

const minutes = z
  .number(PLAN_EDIT_MESSAGES.sessionMinutes)
  .int(PLAN_EDIT_MESSAGES.sessionMinutes)
  .min(EDIT_LIMITS.minSessionMin, PLAN_EDIT_MESSAGES.sessionMinutes)
  .max(EDIT_LIMITS.maxSessionMin, PLAN_EDIT_MESSAGES.sessionMinutes);
const focus = z.enum(editFocuses, PLAN_EDIT_MESSAGES.focus);

/** One of the plan's kinds of session, built as the plan builds it (steps, zones, notes), at these minutes. */
export const focusSession = z.object({
  type: z.literal('focus'),
  sport: z.enum(editSports, PLAN_EDIT_MESSAGES.sport),
  focus,
  durationMin: minutes,
});
export type FocusSession = z.infer<typeof focusSession>;

export const editSession = z.discriminatedUnion('type', [focusSession, builtWorkout], PLAN_EDIT_MESSAGES.sessionType);
export type EditSession = z.infer<typeof editSession>;

/**
 * POST /api/training-plans/{id}/edits. Every day is today or later (the server's day, UTC) and a
 * day of the plan.
 * - move: the session of `from` goes to `to`, a day without one.
 * - change: the session of `date` at new minutes and/or of another kind (the same sport).
 * - replace: the session of `date` becomes `session`.
 * - delete: `date` becomes a rest day.
 * - add: `session` on `date`, a day without one.
 */
export const planEdit = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('move'), from: day, to: day }).refine((edit) => edit.from !== edit.to, PLAN_EDIT_MESSAGES.sameDay),
    z
      .object({ kind: z.literal('change'), date: day, durationMin: minutes.optional(), focus: focus.optional() })
      .refine((edit) => edit.durationMin !== undefined || edit.focus !== undefined, PLAN_EDIT_MESSAGES.changeNothing),
    z.object({ kind: z.literal('replace'), date: day, session: editSession }),
    z.object({ kind: z.literal('delete'), date: day }),
    z.object({ kind: z.literal('add'), date: day, session: editSession }),
  ],
  PLAN_EDIT_MESSAGES.kind,
);
export type PlanEdit = z.infer<typeof planEdit>;
export type PlanEditKind = PlanEdit['kind'];
