import { buffer as readStreamBytes } from 'node:stream/consumers';
import yazl from 'yazl';
import { WORKOUT_FORMAT_UNAVAILABLE, type WorkoutFormat } from '../../../shared/api/plan-files.ts';
import { PLAN_WORKOUTS_UNAVAILABLE, planWorkoutsUnavailable, type ScheduledDay, type TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { fileNameSlug } from '../../../shared/domain/file-name.ts';
import type { PhaseName } from '../../../shared/domain/plan-phases.ts';
import { encodeFitWorkout } from '../../workouts/fit.ts';
import { buildCourseFile } from '../../workouts/mrc-erg.ts';
import { buildZwiftWorkout } from '../../workouts/zwo.ts';
import { minutesInWords } from './goal-inputs.ts';
import { deviceWorkout, formatAvailability, sessionLabel, sessionSport, stepsOf, type DeviceThresholds, type SessionSport } from './device-files.ts';

/**
 * A plan's workout files (issue #6, ADR 0039): each session as FIT, .zwo, .mrc and .erg, alone
 * (one dated session) or all of them in one .zip with a folder per format. The zip holds one file
 * per distinct structured session of the phases' typical weeks, in plan order (phase, then day);
 * identical sessions (same steps) are written once, e.g. two equal endurance rides in a week.
 */

/** One session to write: its name and text, its sport and its steps in % FTP. */
export interface WorkoutSession {
  title: string;
  description: string;
  sport: SessionSport;
  steps: NonNullable<ReturnType<typeof stepsOf>>;
}

export interface WorkoutFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const EXTENSION_TYPES: Record<WorkoutFormat, string> = {
  fit: 'application/vnd.ant.fit',
  zwo: 'application/xml',
  mrc: 'text/plain; charset=utf-8',
  erg: 'text/plain; charset=utf-8',
};


/** The session's file in one format; the caller checked the format is available (formatAvailability). */
export function workoutFile(session: WorkoutSession, format: WorkoutFormat, thresholds: DeviceThresholds, baseName: string, createdAt: Date): WorkoutFile {
  const fileName = `${baseName}.${format}`;
  const contentType = EXTENSION_TYPES[format];
  if (format === 'zwo') {
    return { fileName, contentType, bytes: Buffer.from(buildZwiftWorkout({ sport: session.sport === 'cycling' ? 'ride' : 'run', title: session.title, steps: session.steps }, session.description), 'utf8') };
  }
  const workout = deviceWorkout({ name: session.title, description: session.description, sport: session.sport, steps: session.steps }, thresholds);
  if (format === 'fit') return { fileName, contentType, bytes: Buffer.from(encodeFitWorkout(workout, createdAt)) };
  return { fileName, contentType, bytes: Buffer.from(buildCourseFile(workout, format, thresholds.ftpW, fileName), 'utf8') };
}

interface TypicalSession extends WorkoutSession {
  phaseName: string;
  label: string;
}

function typicalSessions(plan: TrainingPlanView, planTitle: string): TypicalSession[] {
  const seen = new Set<string>();
  const sessions: TypicalSession[] = [];
  for (const phase of plan.generatedPlan.trainingPlan.phases) {
    for (const day of phase.dailySchedule ?? []) {
      const sport = sessionSport(day);
      const steps = sport && stepsOf({ phase: { key: phase.key as PhaseName }, scheduled: day, durationMin: day.durationMin });
      if (!sport || !steps) continue;
      const key = `${sport}:${JSON.stringify(steps)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      sessions.push(typicalSession(planTitle, phase.name, day, sport, steps));
    }
  }
  return sessions;
}

function typicalSession(planTitle: string, phaseName: string, day: ScheduledDay, sport: SessionSport, steps: WorkoutSession['steps']): TypicalSession {
  const label = sessionLabel(day);
  return {
    phaseName,
    label: sport === 'running' ? `run ${label}` : label,
    title: `${phaseName} - ${sport === 'running' ? 'run ' : ''}${label} (${minutesInWords(day.durationMin)})`,
    description: `${planTitle}, ${phaseName} phase.\n${[day.description, `Zones: ${day.zones}`, day.notes].join('\n')}`,
    sport,
    steps,
  };
}

/** A dated session's title, e.g. 'Build - threshold (1 h 5 min)': the day's minutes, not the typical week's. */
export function datedSessionTitle(phaseName: string, day: ScheduledDay, minutes: number): string {
  return `${phaseName} - ${sessionSport(day) === 'running' ? 'run ' : ''}${sessionLabel(day)} (${minutesInWords(minutes)})`;
}

/**
 * The zip's files in folders per format, numbered in plan order so they sort the same in any
 * folder: 'fit/01-base-endurance.fit', 'zwo/01-base-endurance.zwo'. A format the athlete's
 * thresholds do not allow (an .erg without FTP, a run without pace or zones) is left out; when
 * nothing is left, the reason.
 */
export function planWorkoutFiles(plan: TrainingPlanView, planTitle: string, thresholds: DeviceThresholds): { files: WorkoutFile[] } | { unavailable: string } {
  const sessions = typicalSessions(plan, planTitle);
  const digits = Math.max(2, String(sessions.length).length);
  const createdAt = new Date(plan.generatedAt);
  const files = sessions.flatMap((session, index) => {
    const baseName = `${String(index + 1).padStart(digits, '0')}-${fileNameSlug(`${session.phaseName} ${session.label}`, 'workout')}`;
    return formatAvailability(session.sport, true, thresholds)
      .filter((offer) => offer.available)
      .map((offer) => {
        const file = workoutFile(session, offer.format, thresholds, baseName, createdAt);
        return { ...file, fileName: `${offer.format}/${file.fileName}` };
      });
  });
  if (files.length > 0) return { files };
  // Rides always have files once they have steps, so the reason is the rides' (none, or a plan from before steps), or a run's missing thresholds.
  const cyclingReason = planWorkoutsUnavailable(plan.generatedPlan);
  const hasRuns = plan.generatedPlan.trainingPlan.phases.some((phase) => (phase.dailySchedule ?? []).some((day) => sessionSport(day) === 'running'));
  return { unavailable: hasRuns && cyclingReason === PLAN_WORKOUTS_UNAVAILABLE.noCycling ? WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds : (cyclingReason ?? WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds) };
}

/** The files in one .zip; every entry dated `modifiedAt` (the plan's generation), so the same plan zips the same. */
export async function zipWorkouts(files: WorkoutFile[], modifiedAt: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.fileName, { mtime: modifiedAt });
  zip.end();
  return readStreamBytes(zip.outputStream);
}
