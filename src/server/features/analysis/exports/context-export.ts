import type { ActivityDetail } from '../../../../shared/api/activities.ts';
import type { AnalysisView } from '../../../../shared/api/analysis.ts';
import { analysisContextExport, type AnalysisContextExport } from '../../../../shared/api/exports.ts';
import type { CoachingStyle } from '../../../../shared/domain/coaching-style.ts';
import { RIDE_DETAILS, type RideDetailType } from '../../../../shared/domain/ride-detail.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';

/**
 * The analysis context as one document (spec §3 "Export of analysis context"), for the athlete to
 * take to another AI. It never carries the athlete's custom instructions (systemPrompt): they are
 * the athlete's words to Kai, not context about the activity.
 */

/** The settings the export shows; the same fields as the settings the athlete keeps, minus systemPrompt. */
export interface ExportedUserSettings {
  unitSystem: UnitSystem;
  coachingStyle: CoachingStyle;
  preferredActivities: string[];
  [field: string]: unknown;
}

export interface ExportedAthleteProfile {
  name: string | null;
  weightKg: number | null;
  ftpW: number | null;
  heartRateZones: { min: number | null; max: number | null }[];
}

export interface ContextExportInput {
  activity: ActivityDetail;
  analysis: AnalysisView;
  userSettings: ExportedUserSettings;
  trainingPlans: Record<string, unknown>[];
  athleteProfile: ExportedAthleteProfile;
  exportedAt: Date;
}

/** Builds the document and checks it against the shared contract, so the file always matches what the web expects. */
export function buildContextExport(input: ContextExportInput): AnalysisContextExport {
  const { analysis, userSettings } = input;
  const { systemPrompt: _instructions, ...settingsWithoutInstructions } = userSettings;
  return analysisContextExport.parse({
    metadata: { exportedAt: input.exportedAt.toISOString(), app: 'Kairo', formatVersion: 1 },
    activity: input.activity,
    analysis: {
      subjectLine: analysis.subjectLine,
      executiveSummary: analysis.executiveSummary,
      feedback: analysis.feedback,
      summary: analysis.summary,
      recovery: analysis.recovery,
      trainingPlanProgress: analysis.trainingPlanProgress,
      nextActivity: analysis.nextActivity,
      nextSession: analysis.nextSession,
      coachingStyle: analysis.coachingStyle,
      generatedAt: analysis.generatedAt,
    },
    // One style in the file: the one this analysis was written in (a per-analysis choice may differ from the account's default).
    userSettings: { ...settingsWithoutInstructions, coachingStyle: analysis.coachingStyle },
    trainingPlans: input.trainingPlans,
    detailContext: analysis.activityDetailType ? detailContext(analysis.activityDetailType, analysis.activityDetailNote) : null,
    units: userSettings.unitSystem,
    coachingStyle: analysis.coachingStyle,
    preferredActivities: userSettings.preferredActivities,
    athleteProfile: input.athleteProfile,
  });
}

/** The file leaves Kairo, so the detail travels as the athlete saw it: its emoji and title, not only its id. */
function detailContext(type: RideDetailType, note: string | null): AnalysisContextExport['detailContext'] {
  const { emoji, title } = RIDE_DETAILS[type];
  return { type, emoji, title, note };
}
