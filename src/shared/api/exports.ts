import { z } from 'zod';
import { coachingStyles } from '../domain/coaching-style.ts';
import { rideDetailTypes } from '../domain/ride-detail.ts';
import { activityDetail } from './activities.ts';
import { unitSystems } from '../domain/unit-system.ts';
import { analysisSections, nextSession } from './analysis.ts';
import { fileNameSlug } from '../domain/file-name.ts';

/**
 * Contracts of the exports around an analysis (spec §2, §3 "Export of analysis context", §5, §6, §7):
 * the workout file (.zwo, Pro), the analysis-context JSON (Pro), the calendar file (.ics, built on
 * the client) and sharing a section to the Strava description.
 */

/** Spec §6: the Pro-only exports answer 403 with these texts (the same as the UI's tooltips). */
export const PRO_ONLY_MESSAGES = {
  workoutFile: 'Workout file available for Pro subscription',
  contextExport: 'Export to other AIs available on Pro subscription',
} as const;

/**
 * The strict Strava data policy (ADR 7): the context file exists to be given to another AI, which
 * Strava's API terms do not allow for Strava data. The athlete's own files are theirs to export.
 */
export const STRAVA_AI_EXPORT_MESSAGE =
  "Strava's API terms do not allow handing Strava data to AI tools. Upload this activity's file, or import your Strava archive, to export it.";

/** Spec §5: the workout file is made from a desktop browser only. */
export const WORKOUT_FILE_DESKTOP_ONLY = 'Creating a workout file is available from a desktop web browser only.';

/** Spec §7: the file name when the Content-Disposition header names none. */
export const DEFAULT_WORKOUT_FILE_NAME = 'workout.zwo';

/**
 * `POST /api/activities/{id}/generate-zwift-workout` answers the file itself
 * (`application/xml`, `Content-Disposition: attachment; filename="<name>.zwo"`); a failure answers JSON
 * with an `error` field (spec §7) as well as the usual `message`.
 */
export const workoutFileError = z.object({ error: z.string(), message: z.string() });

/** `PUT /api/activities/{stravaActivityId}/update-description`: the section text plus a credit line. */
export const updateDescriptionBody = z.object({
  description: z.string().trim().min(1, 'Description is required').max(4000),
});
export type UpdateDescriptionBody = z.infer<typeof updateDescriptionBody>;

/** The credit line appended under a shared section (spec §7: "a footer line crediting the product"). */
export const DESCRIPTION_CREDIT_LINE = '— Analysis by Kai, Kairo coach';

/** The answer of update-description (the spec does not show one; the web shows its own success toast). */
export const updateDescriptionAnswer = z.object({ message: z.string() });
export const DESCRIPTION_UPDATED_MESSAGE = "The section was added to the activity's description on Strava.";

const zones = z.array(z.object({ min: z.number().nullable(), max: z.number().nullable() }));

/**
 * `GET /api/activities/{id}/analysis/export` (Pro): the analysis context as one JSON document, which
 * the client saves as a file. Never carries the athlete's custom instructions (systemPrompt).
 */
export const analysisContextExport = z.object({
  metadata: z.object({
    exportedAt: z.string(),
    app: z.literal('Kairo'),
    formatVersion: z.literal(1),
  }),
  /** The activity as GET /api/activities/{id} answers it, with its computed metrics. */
  activity: activityDetail,
  analysis: analysisSections.extend({
    nextSession,
    coachingStyle: z.enum(coachingStyles),
    generatedAt: z.string(),
  }),
  /** The athlete's settings as GET /api/user/settings answers them, never with the custom instructions. */
  userSettings: z
    .record(z.string(), z.unknown())
    .refine((settings) => !('systemPrompt' in settings), { message: 'userSettings must not carry systemPrompt' }),
  trainingPlans: z.array(z.record(z.string(), z.unknown())),
  /** The ride detail the athlete gave, with its title and emoji as the athlete chose them (spec §3). */
  detailContext: z
    .object({ type: z.enum(rideDetailTypes), emoji: z.string(), title: z.string(), note: z.string().nullable() })
    .nullable(),
  units: z.enum(unitSystems),
  coachingStyle: z.enum(coachingStyles),
  preferredActivities: z.array(z.string()),
  athleteProfile: z.object({
    name: z.string().nullable(),
    weightKg: z.number().nullable(),
    ftpW: z.number().nullable(),
    heartRateZones: zones,
  }),
});
export type AnalysisContextExport = z.infer<typeof analysisContextExport>;

/** Spec §3: the export's file name holds a sanitised activity name and a timestamp. */
export function contextExportFileName(activityName: string, at: Date): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return `kairo-${fileNameSlug(activityName, 'activity')}-${stamp}.json`;
}
