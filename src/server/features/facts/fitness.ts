import { morningLoads, wholeFitness, type FitnessDay } from '../../../metrics/fitness.ts';
import { quantity, signed, type Quantity } from './format.ts';

/**
 * Fitness, fatigue and form as every screen, analysis and answer states them (ADR 0071): whole
 * numbers, form their difference. A stored day holds CTL and ATL at its end and TSB on its
 * morning, so a day has two moments: its morning, before that day's training (what Home, the
 * calendar and Ask Kai show for the day), and its evening, after it (the next morning's figures,
 * what an analysis says the activity left).
 */
export type FitnessMoment = 'morning' | 'evening';

export interface ShownFitness {
  /** CTL. */
  fitness: Quantity;
  /** ATL. */
  fatigue: Quantity;
  /** TSB = fitness − fatigue, of the two whole figures. */
  form: Quantity;
}

const loadsAt = (day: FitnessDay, moment: FitnessMoment) => (moment === 'morning' ? morningLoads(day) : { ctl: day.ctl, atl: day.atl });

export function fitnessAt(day: FitnessDay, moment: FitnessMoment): ShownFitness {
  const loads = loadsAt(day, moment);
  const shown = wholeFitness(loads);
  return {
    fitness: quantity(loads.ctl, String(shown.fitness)),
    fatigue: quantity(loads.atl, String(shown.fatigue)),
    form: signed(shown.form),
  };
}

/** How far fitness moved from one day to another, at the same moment of each: the difference of the two figures shown. */
export function fitnessChange(from: FitnessDay, to: FitnessDay, moment: FitnessMoment): Quantity {
  return signed(wholeFitness(loadsAt(to, moment)).fitness - wholeFitness(loadsAt(from, moment)).fitness);
}
