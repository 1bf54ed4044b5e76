import type { SessionIntensity, SessionStep } from '../../../shared/api/analysis.ts';
import { DEFAULT_INTENSITY_FACTOR_BY_SPORT, type SportFamily } from '../../../metrics/training-load.ts';
import type { PhaseName } from '../../../shared/domain/plan-phases.ts';
import { enduranceSessions } from './sessions.ts';
import { sessionSteps } from './session-steps.ts';

/**
 * The training load a plan session asks for, on the TSS scale the activities are scored on (an
 * hour at threshold = 100), so planned and done loads compare. Plans store no load per session;
 * it is estimated the way workout builders estimate a structured workout's TSS: each step's hours
 * × its intensity factor² × 100, the intensity factor being the middle of the step's target in %
 * of threshold (Coggan's TSS definition). A session's load per hour comes from its steps (stored
 * for cycling, rebuilt from the same session kind for running); a session with no structure
 * (strength, another activity, an unknown kind) uses the default intensity factor of its sport
 * that scores unstructured activities (metrics/training-load.ts). A workout the athlete built
 * carries its own load (shared/domain/workout-build.ts, ADR 0082).
 */

const PERCENT = 100;
const TSS_PER_HOUR_AT_THRESHOLD = 100;

/** Hours × IF² × 100 of one step; an interval block counts its repeats. */
function stepLoad(step: SessionStep): { hours: number; load: number } {
  const part = (durationS: number, intensity: SessionIntensity) => {
    const hours = durationS / 3600;
    const factor = intensity.kind === 'power' ? (intensity.ftpPct.low + intensity.ftpPct.high) / 2 / PERCENT : 0;
    return { hours, load: hours * factor ** 2 * TSS_PER_HOUR_AT_THRESHOLD };
  };
  if (step.type === 'intervals') {
    const work = part(step.work.durationS, step.work.intensity);
    const recovery = part(step.recovery.durationS, step.recovery.intensity);
    return { hours: step.repeats * (work.hours + recovery.hours), load: step.repeats * (work.load + recovery.load) };
  }
  return part(step.durationS, step.intensity);
}

/** Load per hour of a session's steps; null when they carry no % of threshold targets. */
export function loadPerHourOfSteps(steps: readonly SessionStep[]): number | null {
  if (steps.length === 0 || steps.some((step) => (step.type === 'intervals' ? step.work.intensity.kind : step.intensity.kind) !== 'power')) return null;
  const total = steps.map(stepLoad).reduce((sum, part) => ({ hours: sum.hours + part.hours, load: sum.load + part.load }), { hours: 0, load: 0 });
  return total.hours > 0 ? total.load / total.hours : null;
}

/** 'Cycling - threshold' → ride family and 'threshold'. */
export function sessionSport(activityType: string): { family: SportFamily | null; label: string } {
  const [sport = '', ...rest] = activityType.split(' - ');
  const label = rest.join(' - ');
  const family: SportFamily | null =
    sport === 'Cycling' ? 'ride' : sport === 'Running' ? 'run' : sport === 'Lifting' ? 'workout' : sport === 'Other' ? 'other' : null;
  return { family, label };
}

/** The session kinds of each phase, plain and general fitness; built once, they depend on nothing else. */
const kindsByPhase = new Map<PhaseName, ReturnType<typeof enduranceSessions>>();

/** The steps the plan builds for a cycling session of this kind in this phase; running sessions share the kinds. */
function stepsOfKind(phase: PhaseName, label: string, minutes: number): SessionStep[] | null {
  let kinds = kindsByPhase.get(phase);
  if (!kinds) {
    kinds = [...enduranceSessions(phase, 'cycling', null, false), ...enduranceSessions(phase, 'cycling', null, true)];
    kindsByPhase.set(phase, kinds);
  }
  const kind = kinds.find((candidate) => candidate.label === label);
  return kind?.main ? sessionSteps(kind.main, minutes, null) : null;
}

/**
 * The planned load of a session of `durationMin` (whole number on the TSS scale); null for a
 * session of unknown length (a race day without a target time) or of no known sport.
 */
export function plannedSessionLoad(
  session: { activityType: string; steps?: readonly SessionStep[] | undefined; durationMin?: number; load?: number | undefined },
  phase: PhaseName,
  durationMin: number,
): number | null {
  const { family, label } = sessionSport(session.activityType);
  if (durationMin <= 0 || family === null) return null;
  // A workout the athlete built carries the load its steps were computed at (ADR 0082).
  if (session.load !== undefined && session.durationMin === durationMin) return session.load;
  const steps = session.steps ?? (family === 'ride' || family === 'run' ? stepsOfKind(phase, label, durationMin) : null);
  const perHour = (steps && loadPerHourOfSteps(steps)) ?? DEFAULT_INTENSITY_FACTOR_BY_SPORT[family] ** 2 * TSS_PER_HOUR_AT_THRESHOLD;
  return Math.round((perHour * durationMin) / 60);
}
