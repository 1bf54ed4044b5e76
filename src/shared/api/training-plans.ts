import { z } from 'zod';
import { PHASE_NAMES, planHorizonProblem, WEEKDAYS } from '../domain/plan-phases.ts';
import { PLAN_START_MESSAGES } from '../domain/plan-start.ts';
import { unitSystems } from '../domain/unit-system.ts';
import { sessionStep } from './analysis.ts';

/** Contracts of /api/training-plans (spec §3 Training plan and Generated plan structure, §5, §7). */

export const preparationTypes = ['event', 'pr', 'general-fitness'] as const;
export type PreparationType = (typeof preparationTypes)[number];
export const activityKinds = ['cycling', 'running'] as const;
export type ActivityKind = (typeof activityKinds)[number];
export const completionGoals = ['complete', 'time'] as const;
export const generalFitnessOptions = ['Cycling', 'Running', 'Lifting', 'Other'] as const;
export type GeneralFitnessOption = (typeof generalFitnessOptions)[number];
export const DAYS_OF_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export const gapPriorities = ['critical', 'high', 'medium', 'low'] as const;

/** Spec §5, word for word. */
export const PLAN_VALIDATION = {
  event: 'Missing Information: Please fill in the event name, date, and distance.',
  pr: 'Please fill in your goal, distance, and timeline.',
  generalFitness: 'Please fill in the plan name, select at least one activity, and specify the plan duration.',
  otherActivity: 'Please specify what other activity you want to include.',
} as const;
export const FREE_PLAN_LIMIT_MESSAGE = 'Free accounts are limited to 1 training plan. Upgrade to Pro for unlimited plans.';
export const FREE_PLAN_LIMIT = 1;

/** Why a plan has no workout files to download (GET /api/training-plans/{id}/workouts.zip answers 400 with it). */
export const PLAN_WORKOUTS_UNAVAILABLE = {
  noCycling: 'This plan has no cycling workouts.',
  generatedBefore: 'This plan was generated before workout files existed. Edit and save it to add them.',
} as const;

/** No formats are checked (spec §5: free text); the bounds only keep a request reasonable. */
const shortText = z.string().max(200, 'Keep each field under 200 characters.').nullish();
const longText = z.string().max(4000, 'Keep the additional details under 4000 characters.').nullish();

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** The chosen general-fitness activities from their JSON text; null when it is not such a list. */
export function parseSelectedActivities(text: string | null | undefined): GeneralFitnessOption[] | null {
  if (!filled(text)) return null;
  try {
    const parsed: unknown = JSON.parse(text as string);
    if (!Array.isArray(parsed)) return null;
    const options = parsed.filter((item): item is GeneralFitnessOption => (generalFitnessOptions as readonly unknown[]).includes(item));
    return options.length === parsed.length ? [...new Set(options)] : null;
  } catch {
    return null;
  }
}

const planFields = z.object({
  preparationType: z.enum(preparationTypes, 'Choose what the plan prepares for: event, pr or general-fitness.'),
  eventName: shortText,
  eventType: z.enum(activityKinds, 'The activity kind is cycling or running.').nullish(),
  eventDate: shortText,
  eventDistance: shortText,
  eventElevation: shortText,
  ftp: shortText,
  completionGoal: z.enum(completionGoals, 'The completion goal is complete or time.').nullish(),
  targetTime: shortText,
  prGoal: shortText,
  prDistance: shortText,
  prElevation: shortText,
  currentPr: shortText,
  targetPr: shortText,
  prTimeline: shortText,
  weeklyTrainingTime: shortText,
  planName: shortText,
  selectedActivities: z.string().max(1000).nullish(),
  otherActivity: shortText,
  planDuration: shortText,
  additionalDetails: longText,
  /** YYYY-MM-DD, blank for today; up to 8 weeks back (ADR 0036), checked by the service at its clock. */
  startDate: z.string().max(10, PLAN_START_MESSAGES.format).nullish(),
});

/** The length inputs of a plan as typed, with the name its target date goes by in messages. */
export function planLengthFields(plan: { preparationType: PreparationType; planDuration?: string | null; eventDate?: string | null; prTimeline?: string | null }) {
  const isEvent = plan.preparationType === 'event';
  const targetDate = isEvent ? plan.eventDate : plan.preparationType === 'pr' ? plan.prTimeline : null;
  return { requestedLength: plan.planDuration ?? null, targetDate: targetDate ?? null, targetLabel: isEvent ? 'The event date' : 'The timeline' };
}

/**
 * Spec §5: what each plan type needs; the first missing rule is the answer. Then the plan's
 * horizon (ADR 0030) as of now; the service checks it again, and how near the date is, at its own
 * clock before generating.
 */
function requireByType(plan: z.infer<typeof planFields>, ctx: z.RefinementCtx): void {
  let failed = false;
  const fail = (message: string) => {
    failed = true;
    ctx.addIssue({ code: 'custom', message });
  };
  if (plan.preparationType === 'event') {
    if (!filled(plan.eventName) || !filled(plan.eventDate) || !filled(plan.eventDistance)) fail(PLAN_VALIDATION.event);
  } else if (plan.preparationType === 'pr') {
    if (!filled(plan.prGoal) || !filled(plan.prDistance) || !filled(plan.prTimeline)) fail(PLAN_VALIDATION.pr);
  } else {
    const activities = parseSelectedActivities(plan.selectedActivities);
    if (!filled(plan.planName) || !activities?.length || !filled(plan.planDuration)) fail(PLAN_VALIDATION.generalFitness);
    else if (activities.includes('Other') && !filled(plan.otherActivity)) fail(PLAN_VALIDATION.otherActivity);
  }
  if (failed) return;
  const problem = planHorizonProblem(planLengthFields(plan), new Date());
  if (problem) fail(problem);
}

export const trainingPlanInput = planFields.superRefine(requireByType);
export type TrainingPlanInput = z.infer<typeof trainingPlanInput>;
/**
 * POST /api/training-plans: the plan's inputs and whether it starts switched on (the default). On,
 * it switches off the active plans whose days meet its own (ADR 0070); off, it changes nothing else.
 */
export const trainingPlanCreate = planFields
  .extend({ active: z.boolean('Say whether the plan starts active with true or false.').optional() })
  .superRefine(requireByType);
export type TrainingPlanCreate = z.infer<typeof trainingPlanCreate>;
export const trainingPlanUpdate = planFields.extend({ id: z.uuid('Training plan not found') }).superRefine(requireByType);
export type TrainingPlanUpdate = z.infer<typeof trainingPlanUpdate>;

const gap = z.object({
  area: z.string(),
  priority: z.enum(gapPriorities),
  description: z.string(),
  impact: z.string(),
});
export type PlanGap = z.infer<typeof gap>;

const scheduledDay = z.object({
  dayOfWeek: z.enum(DAYS_OF_WEEK),
  /** 'Rest', or a sport with its kind of session, e.g. 'Cycling - endurance'. */
  activityType: z.string(),
  /** As shown, e.g. '1:30' or 'Rest'. */
  duration: z.string(),
  /** 0 on a rest day. */
  durationMin: z.number().int().nonnegative(),
  zones: z.string(),
  description: z.string(),
  notes: z.string(),
  /**
   * Cycling sessions only: the session as structured steps (targets in % of FTP) that add up to
   * durationMin, for the workout files. Absent on rest days, for other sports, and in plans
   * generated before workout files existed.
   */
  steps: z.array(sessionStep).min(1).optional(),
  /**
   * A workout the athlete built (ADR 0082): its training load as shared/domain/workout-build.ts
   * computed it from the steps, for durationMin. Absent on the plan's own sessions (planned-load.ts
   * estimates theirs).
   */
  load: z.number().int().nonnegative().optional(),
});
export type ScheduledDay = z.infer<typeof scheduledDay>;

const templateItem = z.object({ name: z.string(), frequency: z.string(), description: z.string(), progression: z.string() });

const phaseWeek = z.object({
  /** 1-based within the phase. */
  week: z.number().int().positive(),
  kind: z.enum(['load', 'recovery', 'peak', 'taper']),
  /** The week's planned training time; the template's sessions scale to it. */
  targetMin: z.number().int().nonnegative(),
});
export type PhaseWeek = z.infer<typeof phaseWeek>;

const generatedPhase = z.object({
  key: z.enum(PHASE_NAMES),
  name: z.string(),
  /** As shown, e.g. '6 weeks'. */
  duration: z.string(),
  objective: z.string(),
  weeklyFocus: z.string(),
  /** Monday to Sunday: the phase's typical full week. */
  dailySchedule: z.array(scheduledDay).optional(),
  /** The fallback a plan without a day-by-day template shows. */
  keyWorkouts: z.array(templateItem).optional(),
  weeks: z.array(phaseWeek).optional(),
});
export type GeneratedPhase = z.infer<typeof generatedPhase>;

/**
 * The race week: the seven days ending with the event or PR attempt on its date (ADR 0029); the
 * plan's days after it are rest. Absent in general-fitness plans, plans whose requested length
 * does not end in the event's week, and plans generated before race weeks existed.
 */
const raceWeek = z.object({
  /** YYYY-MM-DD: the first of the seven days, six days before the event. */
  startDate: z.string(),
  /** YYYY-MM-DD: the event or PR attempt. */
  date: z.string(),
  /** The seven days in date order, the event last (plans from before ADR 0069: Monday to Sunday). */
  dailySchedule: z.array(scheduledDay),
});
export type RaceWeek = z.infer<typeof raceWeek>;

export const generatedPlan = z.object({
  motivationalMessage: z.string(),
  eventDemands: z.object({
    keyPhysicalDemands: z.array(z.string()),
    primarySystemsTargeted: z.array(z.string()),
    successFactors: z.array(z.string()),
  }),
  currentState: z.object({ strengths: z.array(z.string()), gaps: z.array(z.string()) }),
  gapAnalysis: z.object({ primaryGap: gap, secondaryGap: gap, tertiaryGap: gap.optional() }),
  trainingPlan: z.object({
    overview: z.object({
      totalWeeks: z.number().int().positive(),
      weeklyVolume: z.object({ current: z.string(), peak: z.string() }),
      /**
       * The day the plan's weeks start on (ADR 0069): its weeks are the athlete's calendar weeks and
       * it ends on its target day. Absent on plans laid out before (weeks from their first day).
       */
      weekStartsOn: z.enum(WEEKDAYS).optional(),
    }),
    phases: z.array(generatedPhase),
    raceWeek: raceWeek.optional(),
  }),
  progressChecks: z.array(
    z.object({
      name: z.string(),
      timing: z.string(),
      protocol: z.string(),
      successCriteria: z.string(),
      adjustmentTriggers: z.string(),
      /** YYYY-MM-DD: the training day the check is done on (ADR 0069); absent on older plans and on checks of every morning. */
      date: z.string().optional(),
      /** The session of that day when the check is one (a test): the plan's calendar, feed and files hold it on `date`. */
      session: scheduledDay.optional(),
    }),
  ),
  /** What the plan took as given where the athlete's data was silent. */
  assumptions: z.array(z.string()),
  /** The unit system its distances, climbing and speeds are written in; absent on plans from before it was recorded (metric). */
  units: z.enum(unitSystems).optional(),
  /**
   * Its measures are unit-free tokens (shared/domain/unit-tokens.ts), read in the reader's units
   * (ADR 0073): the server renders them, and a plan it sends says `units` it rendered them in.
   */
  unitTokens: z.literal(true).optional(),
});
export type GeneratedPlan = z.infer<typeof generatedPlan>;

const planPhase = z.object({ name: z.enum(PHASE_NAMES), startDate: z.string(), endDate: z.string(), weeks: z.number().int() });

export const trainingPlanView = planFields.extend({
  id: z.string(),
  generatedPlan,
  planSummary: z.string(),
  isActive: z.boolean(),
  generatedAt: z.string(),
  updatedAt: z.string(),
  totalWeeks: z.number().int(),
  taperWeeks: z.number().int(),
  phases: z.array(planPhase),
  currentPhase: z.enum([...PHASE_NAMES, 'completed']),
  /** 1-based week within the current phase; null once completed. */
  weekOfPhase: z.number().int().nullable(),
});
export type TrainingPlanView = z.infer<typeof trainingPlanView>;

export const trainingPlanList = z.array(trainingPlanView);
/** A plan named in an answer: its id and its title (planTitle). */
export const namedPlan = z.object({ id: z.string(), name: z.string() });
export type NamedPlan = z.infer<typeof namedPlan>;
/**
 * A created or updated plan, with the active plans it switched off because their days meet its
 * own (ADR 0070: active plans never overlap); empty when it switched none off.
 */
export const trainingPlanSaved = trainingPlanView.extend({ switchedOff: z.array(namedPlan) });
export type TrainingPlanSaved = z.infer<typeof trainingPlanSaved>;
export const trainingPlanToggle = z.object({ id: z.string(), isActive: z.boolean(), switchedOff: z.array(namedPlan) });
export type TrainingPlanToggle = z.infer<typeof trainingPlanToggle>;
/** POST /api/training-plans/{id}/switch-back: the plans {id} switched off, to switch back on as {id} goes off (the undo). */
export const trainingPlanSwitchBack = z
  .object({
    switchOn: z
      .array(z.uuid('Name each plan to switch back on by its id.'), 'List the plans to switch back on in switchOn.')
      .min(1, 'List at least one plan to switch back on.')
      .max(50, 'List at most 50 plans to switch back on.'),
  })
  .refine((body) => new Set(body.switchOn).size === body.switchOn.length, 'List each plan to switch back on once.');
export const trainingPlanSwitchedBack = z.object({ id: z.string(), isActive: z.literal(false), switchedOn: z.array(namedPlan) });
export type TrainingPlanSwitchedBack = z.infer<typeof trainingPlanSwitchedBack>;
export const trainingPlanDeleted = z.object({ message: z.string() });

/** The plan's title by its type: the event, the goal or the plan's name. */
export function planTitle(plan: { preparationType: PreparationType; eventName?: string | null; prGoal?: string | null; planName?: string | null }): string {
  const title = plan.preparationType === 'event' ? plan.eventName : plan.preparationType === 'pr' ? plan.prGoal : plan.planName;
  return title?.trim() || 'Training plan';
}

/** Why the plan's cycling workouts cannot be downloaded, or null when there are some. */
export function planWorkoutsUnavailable(plan: GeneratedPlan): string | null {
  const cycling = plan.trainingPlan.phases.flatMap((phase) => phase.dailySchedule ?? []).filter((day) => day.activityType.startsWith('Cycling'));
  if (cycling.length === 0) return PLAN_WORKOUTS_UNAVAILABLE.noCycling;
  return cycling.some((day) => day.steps) ? null : PLAN_WORKOUTS_UNAVAILABLE.generatedBefore;
}
