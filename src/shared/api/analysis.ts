import { z } from 'zod';
import { coachingStyles } from '../domain/coaching-style.ts';
import { rideDetailTypes, type RideDetailType } from '../domain/ride-detail.ts';

/**
 * Contracts of the analysis endpoints (spec §3 Analysis, §5, §7). The next session is structured so
 * that the workout-file (.zwo) and calendar (.ics) exports can be built from it, not parsed from text.
 */

const range = z.object({ low: z.number(), high: z.number() });

/**
 * How hard a step is: % of FTP (rides, with watts when the FTP is known), heart-rate zones (with
 * the bpm the athlete asked for, in a workout they built), perceived effort (RPE 1-10), or a
 * running pace in seconds per km (only in a workout the athlete built, ADR 0082).
 */
export const sessionIntensity = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('power'), ftpPct: range, watts: range.nullable() }),
  z.object({ kind: z.literal('heartRate'), zones: range, bpm: range.optional() }),
  z.object({ kind: z.literal('effort'), rpe: range }),
  z.object({ kind: z.literal('pace'), sPerKm: range }),
]);
export type SessionIntensity = z.infer<typeof sessionIntensity>;

const durationS = z.number().int().positive();

export const sessionStep = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['warmup', 'steady', 'cooldown']), durationS, intensity: sessionIntensity }),
  z.object({
    type: z.literal('intervals'),
    repeats: z.number().int().positive(),
    work: z.object({ durationS, intensity: sessionIntensity }),
    recovery: z.object({ durationS, intensity: sessionIntensity }),
  }),
]);
export type SessionStep = z.infer<typeof sessionStep>;

export const sessionSports = ['ride', 'run', 'hike', 'workout', 'other'] as const;
export const sessionFocuses = ['recovery', 'endurance', 'tempo', 'threshold', 'vo2max', 'strength'] as const;
export type SessionFocus = (typeof sessionFocuses)[number];

export const nextSession = z.object({
  sport: z.enum(sessionSports),
  focus: z.enum(sessionFocuses),
  title: z.string(),
  /** The sum of the steps (an interval block counts repeats × (work + recovery)). */
  totalDurationS: durationS,
  steps: z.array(sessionStep).min(1),
});
export type NextSession = z.infer<typeof nextSession>;

/** The seven written sections, in the order the page shows them. */
export const analysisSections = z.object({
  subjectLine: z.string().min(1).max(160),
  executiveSummary: z.string().min(1).max(2000),
  /** Key Insights. */
  feedback: z.string().min(1).max(4000),
  /** Performance Summary. */
  summary: z.string().min(1).max(4000),
  recovery: z.string().min(1).max(2000),
  trainingPlanProgress: z.string().min(1).max(2000),
  /** Next Session, as text; `nextSession` holds the same session as data. */
  nextActivity: z.string().min(1).max(2000),
});
export type AnalysisSections = z.infer<typeof analysisSections>;

export const analysisCoaches = ['builtin', 'llm'] as const;
export type AnalysisCoach = (typeof analysisCoaches)[number];

export const analysisView = analysisSections.extend({
  activityId: z.string(),
  nextSession,
  coachingStyle: z.enum(coachingStyles),
  /** The athlete's own instructions; only with the custom style. */
  systemPrompt: z.string().nullable(),
  activityDetailType: z.enum(rideDetailTypes).nullable(),
  activityDetailNote: z.string().nullable(),
  /** Which coach wrote it: the built-in one, or a language model. */
  coach: z.enum(analysisCoaches),
  /**
   * A short sentence for the athlete when a language model is configured but the built-in coach
   * wrote this analysis (the model timed out, or Strava's policy kept its data from the model);
   * null otherwise.
   */
  coachNote: z.string().nullable(),
  generatedAt: z.string(),
  coachingStyleUpdatedAt: z.string().nullable(),
  /**
   * Written while the athlete's history was still arriving or being scored: fitness and thresholds
   * read part of it. Kai writes it again once the history is in; the page reads it again until then.
   */
  historyPending: z.boolean(),
});
export type AnalysisView = z.infer<typeof analysisView>;

/** No length limit is shown in the spec; these bounds only keep a request reasonable. */
export const MAX_CUSTOM_INSTRUCTIONS_CHARS = 4000;
export const MAX_DETAIL_NOTE_CHARS = 2000;

const coachingStyleField = z.enum(coachingStyles, { error: `coachingStyle must be one of: ${coachingStyles.join(', ')}` });
const detailTypeField = z
  .enum(rideDetailTypes, { error: `activityDetailType must be one of: ${rideDetailTypes.join(', ')}, or null` })
  .nullable();
const detailNoteField = z
  .string({ error: 'activityDetailNote must be text' })
  .max(MAX_DETAIL_NOTE_CHARS, `activityDetailNote must be at most ${MAX_DETAIL_NOTE_CHARS} characters`)
  .optional();

/** Spec §5: custom text is trimmed, and only the custom style carries it; custom needs it. */
export const coachingStyleUpdate = z
  .object({
    coachingStyle: coachingStyleField,
    systemPrompt: z
      .string({ error: 'systemPrompt must be text' })
      .max(MAX_CUSTOM_INSTRUCTIONS_CHARS, `systemPrompt must be at most ${MAX_CUSTOM_INSTRUCTIONS_CHARS} characters`)
      .optional(),
  })
  .transform(({ coachingStyle, systemPrompt }) => ({
    coachingStyle,
    systemPrompt: coachingStyle === 'custom' ? (systemPrompt?.trim() ?? '') : null,
  }))
  .refine((update) => update.coachingStyle !== 'custom' || update.systemPrompt, {
    message: 'The custom coaching style needs your instructions: systemPrompt must not be blank',
  });
export type CoachingStyleUpdate = z.output<typeof coachingStyleUpdate>;

/** The context the athlete gave, as stored: a type, and a note only when there is text. */
export interface RideDetail {
  type: RideDetailType;
  note: string | null;
}

/** Spec §3/§5: the note is trimmed and empty means absent; a cleared type clears the note with it. */
function toRideDetail(type: RideDetail['type'] | null, note: string | undefined): RideDetail | null {
  return type === null ? null : { type, note: note?.trim() || null };
}

export const activityDetailUpdate = z
  .object({ activityDetailType: detailTypeField, activityDetailNote: detailNoteField })
  .transform(({ activityDetailType, activityDetailNote }) => ({ detail: toRideDetail(activityDetailType, activityDetailNote) }));

/** Spec §4: a refresh posts the current detail context; without a type the stored detail stays. */
export const analysisRefresh = z
  .object({ activityDetailType: detailTypeField.optional(), activityDetailNote: detailNoteField })
  .refine((body) => body.activityDetailType !== undefined || body.activityDetailNote === undefined, {
    message: 'activityDetailNote needs an activityDetailType',
  })
  .transform(({ activityDetailType, activityDetailNote }) =>
    activityDetailType === undefined ? {} : { detail: toRideDetail(activityDetailType, activityDetailNote) },
  );
