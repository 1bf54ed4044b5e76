import type { SessionFocus, SessionIntensity } from '../../../../shared/api/analysis.ts';
import type { DaySession, DaySessionSport } from '../../../../shared/api/day-plan.ts';
import type { PhaseName } from '../../../../shared/domain/plan-phases.ts';
import type { PlannedSessionSnapshot } from '../dated-sessions.ts';
import { retargetSteps, sessionLabel, stepsOf, zoneOf } from '../device-files.ts';

/**
 * A plan's session as the day plan shows it (ADR 0068): the plan's own name, minutes, zones and
 * description, its structure as steps (rides in % FTP; runs in heart-rate zones, the same zones
 * the plan's text names by effort), and where it sits on the coach's ladder of focus.
 */

const SPORTS: readonly [prefix: string, sport: DaySessionSport][] = [
  ['Cycling', 'ride'],
  ['Running', 'run'],
  ['Swimming', 'swim'],
  ['Lifting', 'strength'],
  ['Strength', 'strength'],
];

function sportOf(activityType: string): DaySessionSport {
  return SPORTS.find(([prefix]) => activityType.startsWith(prefix))?.[1] ?? 'other';
}

/** The plan's session labels on the coach's ladder: long and simulation rides are endurance, race pace is threshold, sharpening is VO2max. */
const FOCUS_OF_LABEL: Record<string, SessionFocus> = {
  recovery: 'recovery',
  endurance: 'endurance',
  long: 'endurance',
  simulation: 'endurance',
  tempo: 'tempo',
  threshold: 'threshold',
  'race pace': 'threshold',
  race: 'threshold',
  vo2max: 'vo2max',
  sharpening: 'vo2max',
  strength: 'strength',
};

export function focusOf(activityType: string): SessionFocus {
  if (sportOf(activityType) === 'strength') return 'strength';
  return FOCUS_OF_LABEL[sessionLabel({ activityType }).toLowerCase()] ?? 'endurance';
}

/** A % FTP target as the heart-rate zones of the same effort (runs: the plan writes them by effort). */
function asHeartRate(intensity: SessionIntensity): SessionIntensity {
  if (intensity.kind !== 'power') return intensity;
  return { kind: 'heartRate', zones: { low: zoneOf(intensity.ftpPct.low), high: zoneOf(intensity.ftpPct.high) } };
}

/** A plan's session (as laid on a date, or as a change stores it) in the day plan's shape. */
export function planDaySession(session: PlannedSessionSnapshot, phase: PhaseName): DaySession {
  const { scheduled, durationMin } = session;
  const sport = sportOf(scheduled.activityType);
  const steps = stepsOf({ scheduled, durationMin, phase: { key: phase } });
  return {
    title: scheduled.activityType,
    sport,
    focus: focusOf(scheduled.activityType),
    durationMin,
    zones: scheduled.zones.trim() || null,
    description: scheduled.description,
    steps: steps && (sport === 'run' ? retargetSteps(steps, asHeartRate) : steps),
  };
}
