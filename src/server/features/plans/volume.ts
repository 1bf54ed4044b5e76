import type { PhaseWeek } from '../../../shared/api/training-plans.ts';
import type { PhaseName, PlanSchedule } from '../../../shared/domain/plan-phases.ts';
import { minutesInWords, parseWeeklyMinutes } from './goal-inputs.ts';

/**
 * How much a plan asks of the athlete week by week (ADR 0029). The rules are stated in the plan's
 * assumptions, and the property tests hold the generator to them:
 * - the first week is at most RAMP_PER_WEEK above the athlete's recent weekly time in the plan's
 *   sport (or START_FLOOR_MIN when that is less);
 * - no week is more than RAMP_PER_WEEK above the largest week before it;
 * - the peak is at most PEAK_GROWTH times the start, and never more than the weekly time given;
 * - every fourth week of base and build is a recovery week; the taper cuts volume, keeps intensity.
 */

export const RAMP_PER_WEEK = 0.1;
export const PEAK_GROWTH = 1.5;
/** Three 30-minute sessions: where a plan starts when the athlete did less of the sport lately. */
export const START_FLOOR_MIN = 90;
export const RECOVERY_SHARE = 0.65;
const TAPER_START_SHARE = 0.7;
const TAPER_END_SHARE = 0.5;

export interface Volume {
  /** Recent weekly minutes in the plan's sport(s). */
  recentMin: number;
  /** The first week's minutes. */
  startMin: number;
  /** The most any week may hold. */
  peakMin: number;
  assumptions: string[];
}

/** Rounds down to 5 minutes, so a rounded week never breaks the ramp. */
const floor5 = (minutes: number) => Math.max(0, Math.floor(minutes / 5 + 1e-9) * 5);

export function volumeOf(weeklyTrainingTime: string | null | undefined, recentMin: number, sportWords: string): Volume {
  const assumptions: string[] = [];
  const recent = Math.round(recentMin);
  let start = floor5(recent);
  if (recent < START_FLOOR_MIN) {
    start = START_FLOOR_MIN;
    assumptions.push(`You did ${minutesInWords(recent)} a week of ${sportWords} over the last 4 weeks: the plan starts from ${minutesInWords(START_FLOOR_MIN)} a week (three 30-minute sessions).`);
  }
  const available = parseWeeklyMinutes(weeklyTrainingTime);
  const cap = floor5(start * PEAK_GROWTH);
  const rule = `volume grows at most ${Math.round(RAMP_PER_WEEK * 100)}% a week and peaks at most ${Math.round((PEAK_GROWTH - 1) * 100)}% above where it starts`;
  let peak: number;
  if (available === null) {
    peak = cap;
    assumptions.push(`No weekly training time given: ${rule}.`);
  } else if (available >= cap) {
    peak = cap;
    assumptions.push(`You have ${minutesInWords(available)} a week; the plan uses up to ${minutesInWords(cap)} of it, because ${rule}.`);
  } else {
    peak = Math.max(60, floor5(available));
    if (available < start) {
      start = peak;
      assumptions.push(`You have ${minutesInWords(available)} a week, less than the ${minutesInWords(recent)} of ${sportWords} you do now: the plan fits your time.`);
    } else {
      assumptions.push(`The plan builds to the ${minutesInWords(peak)} a week you have; ${rule}.`);
    }
  }
  return { recentMin: recent, startMin: Math.min(start, peak), peakMin: peak, assumptions };
}

/**
 * Planned minutes of every week, phase by phase, in plan order. Load weeks climb by the ramp
 * until the peak; general-fitness plans have no peak or taper weeks, they keep building.
 */
export function weeklyTargets(schedule: PlanSchedule, volume: Volume, general: boolean): Record<PhaseName, PhaseWeek[]> {
  let lastLoad = volume.startMin;
  let first = true;
  const loadWeek = () => {
    const target = first ? volume.startMin : Math.min(volume.peakMin, floor5(lastLoad * (1 + RAMP_PER_WEEK)));
    first = false;
    lastLoad = Math.max(lastLoad, target);
    return target;
  };
  const loadAndRecovery = (count: number): PhaseWeek[] =>
    Array.from({ length: count }, (_, index) => {
      const week = index + 1;
      if (week % 4 === 0 && week !== count) return { week, kind: 'recovery', targetMin: floor5(lastLoad * RECOVERY_SHARE) };
      return { week, kind: 'load', targetMin: loadWeek() };
    });
  const [base, build, third] = schedule.phases;
  const weeks: Record<PhaseName, PhaseWeek[]> = {
    base: loadAndRecovery(base?.weeks ?? 0),
    build: loadAndRecovery(build?.weeks ?? 0),
    'peak-and-taper': [],
  };
  const thirdWeeks = third?.weeks ?? 0;
  if (general) {
    weeks['peak-and-taper'] = loadAndRecovery(thirdWeeks);
    return weeks;
  }
  const taperWeeks = Math.min(schedule.taperWeeks, thirdWeeks);
  const peakWeeks = thirdWeeks - taperWeeks;
  const peak: PhaseWeek[] = Array.from({ length: peakWeeks }, (_, index) => ({ week: index + 1, kind: 'peak', targetMin: loadWeek() }));
  const top = lastLoad;
  const taper: PhaseWeek[] = Array.from({ length: taperWeeks }, (_, index) => {
    const share = taperWeeks === 1 ? TAPER_END_SHARE : TAPER_START_SHARE + ((TAPER_END_SHARE - TAPER_START_SHARE) * index) / (taperWeeks - 1);
    return { week: peakWeeks + index + 1, kind: 'taper', targetMin: floor5(top * share) };
  });
  weeks['peak-and-taper'] = [...peak, ...taper];
  return weeks;
}
