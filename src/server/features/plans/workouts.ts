import { buffer as readStreamBytes } from 'node:stream/consumers';
import yazl from 'yazl';
import { WORKOUT_FORMAT_UNAVAILABLE, WORKOUT_FORMATS, type WorkoutFormat } from '../../../shared/api/plan-files.ts';
import { PLAN_WORKOUTS_UNAVAILABLE, planWorkoutsUnavailable, type ScheduledDay } from '../../../shared/api/training-plans.ts';
import { fileNameSlug } from '../../../shared/domain/file-name.ts';
import { encodeFitWorkout } from '../../workouts/fit.ts';
import { buildCourseFile } from '../../workouts/mrc-erg.ts';
import { buildZwiftWorkout } from '../../workouts/zwo.ts';
import { datedSessions, type DatedSession } from './dated-sessions.ts';
import { deviceWorkout, effortDistanceM, formatAvailability, runStepsAsSpeedPct, sessionLabel, sessionSport, stepsOf, type DeviceThresholds, type SessionSport } from './device-files.ts';
import { minutesInWords } from './goal-inputs.ts';
import type { AdjustedPlanView } from './view.ts';

/**
 * A plan's workout files (issue #6, ADR 0039, 0057): each dated session as FIT, .zwo, .mrc and
 * .erg, alone or all of them in one .zip with a folder per format. Both read the plan's dated
 * sessions with the accepted changes laid over them (ADR 0050), as the calendar and feed do.
 */

/** One session to write: its name and text, its sport and its steps in % FTP. */
export interface WorkoutSession {
  title: string;
  description: string;
  sport: SessionSport;
  steps: NonNullable<ReturnType<typeof stepsOf>>;
  /** A test over a set distance (the 5 km time trial): its effort ends there on a device (deviceWorkout); null otherwise. */
  effortDistanceM: number | null;
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

/**
 * Zwift reads a run workout's targets as fractions of the run threshold pace in the athlete's
 * Zwift profile (1.0 is threshold, more is faster); the file holds Friel's pace zones as those
 * fractions, so the paces match Kairo's FIT file when both know the same threshold pace.
 */
const ZWIFT_RUN_NOTE = 'The targets are shares of your threshold pace: set the same threshold pace in Zwift as in Kairo so the paces match this plan.';

/** The session's file in one format; the caller checked the format is available (formatAvailability). */
export function workoutFile(session: WorkoutSession, format: WorkoutFormat, thresholds: DeviceThresholds, baseName: string, createdAt: Date): WorkoutFile {
  const fileName = `${baseName}.${format}`;
  const contentType = EXTENSION_TYPES[format];
  if (format === 'zwo') {
    const xml =
      session.sport === 'cycling'
        ? buildZwiftWorkout({ sport: 'ride', title: session.title, steps: session.steps }, session.description)
        : buildZwiftWorkout({ sport: 'run', title: session.title, steps: runStepsAsSpeedPct(session.steps, thresholds.thresholdPaceSPerKm) }, `${session.description}\n\n${ZWIFT_RUN_NOTE}`);
    return { fileName, contentType, bytes: Buffer.from(xml, 'utf8') };
  }
  const workout = deviceWorkout({ name: session.title, description: session.description, sport: session.sport, steps: session.steps, effortDistanceM: session.effortDistanceM }, thresholds);
  if (format === 'fit') return { fileName, contentType, bytes: Buffer.from(encodeFitWorkout(workout, createdAt)) };
  return { fileName, contentType, bytes: Buffer.from(buildCourseFile(workout, format, thresholds.ftpW, fileName), 'utf8') };
}

/** A dated session's title, e.g. 'Build - threshold (1 h 5 min)': the day's minutes, not the typical week's. */
export function datedSessionTitle(phaseName: string, day: ScheduledDay, minutes: number): string {
  return `${phaseName} - ${sessionSport(day) === 'running' ? 'run ' : ''}${sessionLabel(day)} (${minutesInWords(minutes)})`;
}

const WEEKDAY_SLUGS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** '4x8' for 4 x 8 min, '6x30s' for 6 x 30 s: the session's first interval set, as athletes write it. */
function intervalsSlug(steps: WorkoutSession['steps']): string | null {
  const set = steps.find((step) => step.type === 'intervals');
  if (!set) return null;
  const work = set.work.durationS;
  return `${set.repeats}x${work % 60 === 0 ? work / 60 : `${work}s`}`;
}

/**
 * A dated session's file name without its extension, the same for its own download and in the
 * zip, sorting by date: '2026-05-14-thu-threshold-4x8', '2026-05-17-sun-long-150min',
 * '2026-05-15-fri-run-tempo-2x15'.
 */
export function datedSessionBaseName(dated: DatedSession, steps: WorkoutSession['steps']): string {
  const weekday = WEEKDAY_SLUGS[new Date(`${dated.date}T00:00:00Z`).getUTCDay()]!;
  const sport = sessionSport(dated.scheduled) === 'running' ? 'run ' : '';
  const shape = intervalsSlug(steps) ?? `${dated.durationMin}min`;
  return `${dated.date}-${weekday}-${fileNameSlug(`${sport}${sessionLabel(dated.scheduled)} ${shape}`, 'workout')}`;
}

/** A dated session as a workout to write, or null when it has no structured steps or no sport with files. */
export function datedWorkoutSession(dated: DatedSession, planTitle: string): WorkoutSession | null {
  const sport = sessionSport(dated.scheduled);
  const steps = stepsOf(dated);
  if (!sport || !steps) return null;
  return {
    title: datedSessionTitle(dated.phase.name, dated.scheduled, dated.durationMin),
    description: `${planTitle}, ${dated.phase.name} phase, ${dated.date}.\n${[dated.scheduled.description, `Zones: ${dated.scheduled.zones}`, dated.scheduled.notes].join('\n')}`,
    sport,
    steps,
    effortDistanceM: effortDistanceM(dated.scheduled),
  };
}

/** Sessions written between two turns of the event loop: a 104-week plan (about 420 sessions) never holds it for long. */
const SESSIONS_PER_TURN = 8;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The zip's files: every dated session of the plan (the accepted changes laid over it, ADR 0050)
 * in every format the athlete's thresholds allow, a folder per format, named by date so they
 * sort in plan order: 'fit/2026-05-14-thu-threshold-4x8.fit'. A session an accepted change made a
 * rest day has no file; a changed one has its new content. Each file is the same bytes as that
 * session's own download. When nothing is left, the reason.
 */
export async function planWorkoutFiles(plan: AdjustedPlanView, planTitle: string, thresholds: DeviceThresholds): Promise<{ files: WorkoutFile[] } | { unavailable: string }> {
  const createdAt = new Date(plan.updatedAt);
  const byFormat = new Map<WorkoutFormat, WorkoutFile[]>(WORKOUT_FORMATS.map((format) => [format, []]));
  let written = 0;
  for (const dated of datedSessions(plan)) {
    const session = datedWorkoutSession(dated, planTitle);
    if (!session) continue;
    if (++written % SESSIONS_PER_TURN === 0) await nextTurn();
    const baseName = datedSessionBaseName(dated, session.steps);
    for (const offer of formatAvailability(session.sport, true, thresholds)) {
      if (!offer.available) continue;
      const file = workoutFile(session, offer.format, thresholds, baseName, createdAt);
      byFormat.get(offer.format)!.push({ ...file, fileName: `${offer.format}/${file.fileName}` });
    }
  }
  const files = WORKOUT_FORMATS.flatMap((format) => byFormat.get(format)!);
  if (files.length > 0) return { files };
  // Rides always have files once they have steps, so the reason is the rides' (none, or a plan from before steps), or a run's missing thresholds.
  const cyclingReason = planWorkoutsUnavailable(plan.generatedPlan);
  const hasRuns = plan.generatedPlan.trainingPlan.phases.some((phase) => (phase.dailySchedule ?? []).some((day) => sessionSport(day) === 'running'));
  return { unavailable: hasRuns && cyclingReason === PLAN_WORKOUTS_UNAVAILABLE.noCycling ? WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds : (cyclingReason ?? WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds) };
}

/**
 * The files in one .zip; every entry dated `modifiedAt` (the plan's last change), so the same plan
 * zips the same. Entries are stored, not deflated: they are small, and deflating each of the
 * ~1,500 entries of a 104-week plan took about 13 times as long as storing them for 28 % fewer
 * bytes (0.71 MB against 0.99 MB; ADR 0057).
 */
export async function zipWorkouts(files: WorkoutFile[], modifiedAt: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.fileName, { mtime: modifiedAt, compress: false });
  zip.end();
  return readStreamBytes(zip.outputStream);
}
