import { buffer as readStreamBytes } from 'node:stream/consumers';
import yazl from 'yazl';
import type { SessionStep } from '../../../shared/api/analysis.ts';
import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { fileNameSlug } from '../../../shared/domain/file-name.ts';
import { buildZwiftWorkout } from '../../workouts/zwo.ts';

/**
 * A plan's cycling workouts as Zwift files (issue #6): one .zwo per distinct structured cycling
 * session of the phases' typical weeks, in plan order (phase, then day), bundled in one .zip.
 * Identical sessions (same steps) are written once, e.g. two equal endurance rides in a week.
 */

export interface PlanWorkout {
  fileName: string;
  xml: string;
}

interface CyclingSession {
  phaseName: string;
  label: string;
  duration: string;
  description: string;
  steps: SessionStep[];
}

function cyclingSessions(plan: TrainingPlanView): CyclingSession[] {
  const seen = new Set<string>();
  const sessions: CyclingSession[] = [];
  for (const phase of plan.generatedPlan.trainingPlan.phases) {
    for (const day of phase.dailySchedule ?? []) {
      if (!day.steps || !day.activityType.startsWith('Cycling')) continue;
      const key = JSON.stringify(day.steps);
      if (seen.has(key)) continue;
      seen.add(key);
      sessions.push({
        phaseName: phase.name,
        // 'Cycling - threshold' → 'threshold'.
        label: day.activityType.replace(/^Cycling\s*-\s*/, ''),
        duration: day.duration,
        description: [day.description, `Zones: ${day.zones}`, day.notes].join('\n'),
        steps: day.steps,
      });
    }
  }
  return sessions;
}

/** The workout files, numbered in plan order so they sort the same in any folder: '01-base-tempo.zwo'. */
export function planWorkouts(plan: TrainingPlanView, planTitle: string): PlanWorkout[] {
  const sessions = cyclingSessions(plan);
  const digits = Math.max(2, String(sessions.length).length);
  return sessions.map((session, index) => {
    const title = `${session.phaseName} - ${session.label} (${session.duration})`;
    const number = String(index + 1).padStart(digits, '0');
    return {
      fileName: `${number}-${fileNameSlug(`${session.phaseName} ${session.label}`, 'workout')}.zwo`,
      xml: buildZwiftWorkout({ sport: 'ride', title, steps: session.steps }, `${planTitle}, ${session.phaseName} phase.\n${session.description}`),
    };
  });
}

/** The files in one .zip; every entry dated `modifiedAt` (the plan's generation), so the same plan zips the same. */
export async function zipWorkouts(workouts: PlanWorkout[], modifiedAt: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const workout of workouts) zip.addBuffer(Buffer.from(workout.xml, 'utf8'), workout.fileName, { mtime: modifiedAt });
  zip.end();
  return readStreamBytes(zip.outputStream);
}
