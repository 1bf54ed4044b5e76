import { formatForm } from '../format.ts';

/**
 * Form (TSB) read in bands, TrainingPeaks' usual reading: above +5 fresh, down to −10 neutral (the
 * grey zone), down to −30 loaded (productive training), below that deep fatigue (the high-risk
 * line); above +25 the rest is long enough that fitness is being lost. The one reading of form:
 * readiness, the day plan's adjustments, the built-in coach, Ask Kai and the athletic profile judge
 * form by it, and the fitness forecast (ADR 0081) aims the event morning between fresh and
 * detraining. Judge the form as shown (whole, morning figures): −30 on screen is never "deep".
 */
export type FormState = 'fresh' | 'neutral' | 'loaded' | 'deep';

export const FORM_BANDS = {
  /** Fresh above this. */
  freshAbove: 5,
  /** Neutral from this up to fresh. */
  neutralFrom: -10,
  /** Loaded from this up to neutral; deep below it. */
  loadedFrom: -30,
  /** Above this, fitness is being lost: fresh, but detraining. */
  detrainingAbove: 25,
} as const;

export function formState(tsb: number): FormState {
  if (tsb > FORM_BANDS.freshAbove) return 'fresh';
  if (tsb >= FORM_BANDS.neutralFrom) return 'neutral';
  if (tsb >= FORM_BANDS.loadedFrom) return 'loaded';
  return 'deep';
}

/** Fresh enough that fitness is being lost (above +25). */
export function isDetraining(tsb: number): boolean {
  return tsb > FORM_BANDS.detrainingAbove;
}

/** The form a race morning aims for: fresh (above `low`) but not detrained (at most `high`). */
export const RACE_FORM_WINDOW = { low: FORM_BANDS.freshAbove, high: FORM_BANDS.detrainingAbove } as const;

/** Where a (shown, whole) form falls against the race window. */
export function raceFormReading(form: number, window: { low: number; high: number } = RACE_FORM_WINDOW): 'below' | 'within' | 'above' {
  if (form <= window.low) return 'below';
  return form > window.high ? 'above' : 'within';
}

/** The race window in words: 'above +5, up to +25'. */
export function raceFormWindowText(window: { low: number; high: number } = RACE_FORM_WINDOW): string {
  return `above ${formatForm(window.low)}, up to ${formatForm(window.high)}`;
}
