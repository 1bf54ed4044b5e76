import { describe, expect, it } from 'vitest';
import { computeReadiness, indexWellness } from '../../src/server/features/wellness/readiness.ts';
import { formatForm } from '../../src/shared/format.ts';
import { FORM_BANDS, formState, isDetraining, RACE_FORM_WINDOW, raceFormReading, raceFormWindowText } from '../../src/shared/domain/form-bands.ts';

/** Form (TSB) in TrainingPeaks' usual bands, the one reading the coach and the forecast share. */
describe('the form bands', () => {
  it('reads fresh above +5, neutral down to −10, loaded down to −30, deep below, at the edges too', () => {
    expect([25.5, 5.01, 5, -10, -10.01, -20, -30, -30.01, -45].map(formState)).toEqual(['fresh', 'fresh', 'neutral', 'neutral', 'loaded', 'loaded', 'loaded', 'deep', 'deep']);
    expect(FORM_BANDS).toEqual({ freshAbove: 5, neutralFrom: -10, loadedFrom: -30, detrainingAbove: 25 });
    expect([25, 25.01].map(isDetraining)).toEqual([false, true]);
  });

  it('is how readiness judges form too: deep counts against it, fresh for it, every shown form from −45 to +35', () => {
    const expected = { deep: 'poor', loaded: 'neutral', neutral: 'neutral', fresh: 'good' } as const;
    for (let form = -45; form <= 35; form += 1) {
      // A stored day whose morning reads fitness 60 and fatigue 60 − form, nothing trained that day.
      const day = { ctl: 60 - 60 / 42, atl: 60 - form - (60 - form) / 7, tsb: form };
      const input = computeReadiness('2026-06-10', indexWellness([]), day).inputs[0];
      expect(input?.value, `form ${form}`).toBe(form);
      expect(input?.signal, `form ${form}`).toBe(expected[formState(form)]);
    }
  });

  it('aims a race morning fresh but not detrained: above +5, up to +25', () => {
    expect(RACE_FORM_WINDOW).toEqual({ low: 5, high: 25 });
    expect([-8, 5, 6, 25, 26].map((form) => raceFormReading(form))).toEqual(['below', 'below', 'within', 'within', 'above']);
    expect(raceFormReading(12, { low: 15, high: 20 })).toBe('below');
    expect(raceFormWindowText()).toBe('above +5, up to +25');
  });

  it('writes form signed, with a true minus, and 0 unsigned', () => {
    expect([4.6, -12.2, -0.3, 0].map(formatForm)).toEqual(['+5', '−12', '0', '0']);
  });
});
