import { describe, expect, it } from 'vitest';
import type { AiAnswer, AiQuestion, StructuredModel } from '../../src/server/ai/structured-model.ts';
import { createReasonWording, reasonProvenance, ungroundedReasonNumbers } from '../../src/server/features/plans/adjustments/wording.ts';

/**
 * The wording of a proposal's reason (ADR 0056): held to the rules' sentence's numbers, and under
 * the strict Strava policy never asked of the model for a reason read from Strava data.
 */

const REASON = 'Form (TSB) is -32, below -30: Thu, May 14 becomes 1 h endurance instead of vo2max.';

/** A model that answers `reply` and records each question, applying the question's own number check as the AI module does. */
function modelAnswering(reply: string | null) {
  const asked: AiQuestion<unknown>[] = [];
  const model: StructuredModel = {
    async ask<T>(question: AiQuestion<T>): Promise<AiAnswer<T>> {
      asked.push(question as AiQuestion<unknown>);
      if (reply === null) return { ok: false, failure: 'timeout' };
      const answer = question.schema.parse({ reason: reply });
      return question.ungroundedNumbers(answer).length > 0 ? { ok: false, failure: 'unusable' } : { ok: true, answer };
    },
  };
  return { model, asked };
}

describe('a proposal’s reason worded by the model', () => {
  it('finds every number of the wording that the sentence does not hold', () => {
    expect(ungroundedReasonNumbers('Your form sits at -32, past -30, so Thursday May 14 is an easy 1 h.', REASON)).toEqual([]);
    expect(ungroundedReasonNumbers('Your form is -33: take 2 easy days from May 14.', REASON)).toEqual(['33', '2']);
  });

  it('uses a wording that keeps to the numbers, and none that invents one or that failed', async () => {
    const good = modelAnswering('Your form (TSB) is -32, below -30, so Thu, May 14 becomes an easy 1 h endurance ride.');
    expect(await createReasonWording({ ai: good.model, policy: 'strict' }).word({ trigger: 'form-deep', reason: REASON, provenance: ['athlete', 'file'] })).toBe(
      'Your form (TSB) is -32, below -30, so Thu, May 14 becomes an easy 1 h endurance ride.',
    );
    expect(good.asked[0]!.prompt).toBe(`Trigger: form-deep\n<reason>\n${REASON}\n</reason>`);
    const inventing = modelAnswering('Form is -32: rest for 3 days.');
    expect(await createReasonWording({ ai: inventing.model, policy: 'strict' }).word({ trigger: 'form-deep', reason: REASON, provenance: ['athlete'] })).toBeNull();
    const silent = modelAnswering(null);
    expect(await createReasonWording({ ai: silent.model, policy: 'strict' }).word({ trigger: 'form-deep', reason: REASON, provenance: ['athlete'] })).toBeNull();
  });

  it('reads readiness-low as the athlete’s alone, and the triggers of form and load as their activities’ too', () => {
    expect(reasonProvenance('readiness-low', ['strava', 'file'])).toEqual(['athlete']);
    for (const trigger of ['form-deep', 'key-session-missed', 'load-high', 'load-low'] as const) {
      expect(reasonProvenance(trigger, ['strava', 'file', 'strava'])).toEqual(['athlete', 'file', 'strava']);
    }
  });

  it('never asks about a reason read from Strava data under the strict policy; the relaxed one admits it', async () => {
    const strict = modelAnswering(REASON);
    expect(await createReasonWording({ ai: strict.model, policy: 'strict' }).word({ trigger: 'form-deep', reason: REASON, provenance: ['athlete', 'strava'] })).toBeNull();
    expect(strict.asked).toEqual([]);
    const relaxed = modelAnswering(REASON);
    expect(await createReasonWording({ ai: relaxed.model, policy: 'relaxed' }).word({ trigger: 'form-deep', reason: REASON, provenance: ['athlete', 'strava'] })).toBe(REASON);
    expect(relaxed.asked).toHaveLength(1);
  });
});
