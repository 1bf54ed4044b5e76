import { formState, type FormState } from '../../../../shared/domain/form-bands.ts';
import type { AnalysisContext, ZoneFacts } from '../../facts/index.ts';

export type { FormState };

/**
 * The built-in coach's judgement of the facts, in words rather than numbers: how hard the session
 * was, how it was paced, how the athlete held up, how fresh they are. Thresholds follow the usual
 * readings: Coggan's intensity factor bands, TrainingPeaks' form (TSB) ranges (one module,
 * shared/domain/form-bands.ts, that the fitness forecast reads too), Friel's 5 % decoupling line
 * for aerobic durability.
 */
export type Effort = 'easy' | 'moderate' | 'hard' | 'very_hard';
export type NoteCue = 'illness' | 'fatigue' | 'heat';

export interface Reading {
  /** Too short to read intensity into: a test, a warm-up, a recording started by mistake. */
  tooShort: boolean;
  /** Null when too short, or without power or heart-rate zones to judge by. */
  effort: Effort | null;
  /** From the variability index (rides with power). */
  pacing: 'steady' | 'variable' | 'surgy' | null;
  /** From decoupling. */
  durability: 'solid' | 'drift' | 'large_drift' | null;
  /** Form the morning after: what the next session meets. */
  formAfter: FormState;
  /** Fitness (CTL) over the week before. */
  trend: 'building' | 'holding' | 'easing';
  /** What the athlete's own note says about how they are. */
  cues: NoteCue[];
}

const NOTE_CUES: [NoteCue, RegExp][] = [
  ['illness', /\b(sick|ill|illness|cold|flu|fever|covid|unwell|sore throat)\b/i],
  ['fatigue', /\b(tired|fatigued?|exhausted|heavy|dead legs|sore|drained|no energy|slept (badly|poorly)|(poor|bad) sleep)\b/i],
  ['heat', /\b(hot|heat|humid|humidity)\b/i],
];

function effortFromIntensityFactor(intensityFactor: number): Effort {
  if (intensityFactor < 0.7) return 'easy';
  if (intensityFactor < 0.83) return 'moderate';
  if (intensityFactor < 0.95) return 'hard';
  return 'very_hard';
}

function effortFromZones(zones: ZoneFacts): Effort {
  if (zones.hardShare.value >= 50) return 'very_hard';
  if (zones.hardShare.value >= 20) return 'hard';
  if (zones.easyShare.value >= 75) return 'easy';
  return 'moderate';
}

const SHORTEST_JUDGED_S = 600;

export function readActivity(context: AnalysisContext): Reading {
  const { activity, load } = context;
  const intensityFactor = activity.power?.intensityFactor?.value ?? null;
  const zones = activity.powerZones ?? activity.hrZones;
  const variability = activity.power?.variabilityIndex?.value ?? null;
  const decoupling = activity.decoupling?.value ?? null;
  const fitnessChange = load.fitnessChange.value;
  const note = context.rideDetail?.note ?? '';
  const tooShort = activity.movingTime.value < SHORTEST_JUDGED_S;
  return {
    tooShort,
    effort: tooShort
      ? null
      : intensityFactor !== null
        ? effortFromIntensityFactor(intensityFactor)
        : zones
          ? effortFromZones(zones)
          : null,
    pacing: variability === null ? null : variability <= 1.05 ? 'steady' : variability <= 1.15 ? 'variable' : 'surgy',
    durability: decoupling === null ? null : decoupling < 5 ? 'solid' : decoupling < 10 ? 'drift' : 'large_drift',
    formAfter: formState(load.formAfter.value),
    trend: fitnessChange > 1 ? 'building' : fitnessChange < -1 ? 'easing' : 'holding',
    cues: NOTE_CUES.filter(([, pattern]) => pattern.test(note)).map(([cue]) => cue),
  };
}
