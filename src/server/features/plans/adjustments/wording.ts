import { z } from 'zod';
import type { AdjustmentTrigger } from '../../../../shared/api/plan-adjustments.ts';
import { numbersIn } from '../../../ai/numbers.ts';
import { mayEnterPrompt, type FactOrigin, type StravaDataPolicy } from '../../../ai/provenance.ts';
import type { StructuredModel } from '../../../ai/structured-model.ts';

/**
 * A proposal's reason in Kai's words (ADR 0056): the configured language model rewords the rules'
 * sentence, and only that. The rules decide; the sentence is the source and stays stored. Every
 * number of the wording must be one of the sentence's (days, durations and readings included), or
 * the wording is not used. Under the strict Strava policy a reason read from Strava data never
 * reaches the model. Whatever goes wrong, the answer is null and the rules' sentence is shown.
 */

export interface ReasonToWord {
  trigger: AdjustmentTrigger;
  /** The rules' sentence. */
  reason: string;
  /** Where its numbers came from: the athlete (check-ins, the plan) and the sources of the activities behind form and load. */
  provenance: readonly FactOrigin[];
}

export interface ReasonWording {
  word(proposal: ReasonToWord): Promise<string | null>;
}

export const MAX_WORDED_REASON_CHARS = 600;

export const wordedReasonAnswer = z.object({ reason: z.string().trim().min(1).max(MAX_WORDED_REASON_CHARS) });

const SYSTEM = `You are Kai, an endurance coach. The athlete's training plan has a proposed change, and the reason for it is between <reason> tags.
Reword that reason for the athlete in your voice: one or two short, warm, direct sentences that address them as "you".
Rules:
- Keep every day, session, duration and number exactly as written. Add no number, day or session that is not in the reason. Never calculate, convert or round.
- Do not change what is proposed, and do not add advice the reason does not give.
- Plain text only: no Markdown, no HTML, no links.
Answer with one JSON object: { "reason": "..." }.`;

/**
 * Where a proposal's numbers came from: readiness-low reads only the athlete's check-ins and plan;
 * the other triggers read form (the fitness series) or the load of the activities, so the sources
 * of the activities behind the series too.
 */
export function reasonProvenance(trigger: AdjustmentTrigger, activitySources: readonly FactOrigin[]): FactOrigin[] {
  return trigger === 'readiness-low' ? ['athlete'] : [...new Set<FactOrigin>(['athlete', ...activitySources])].sort();
}

/** The numbers of a wording that the rules' sentence does not hold. */
export function ungroundedReasonNumbers(worded: string, reason: string): string[] {
  const known = new Set(numbersIn(reason));
  return numbersIn(worded).filter((token) => !known.has(token));
}

export function createReasonWording(deps: { ai: StructuredModel; policy: StravaDataPolicy }): ReasonWording {
  const { ai, policy } = deps;
  return {
    async word({ trigger, reason, provenance }) {
      if (!mayEnterPrompt({ provenance }, policy)) return null;
      const result = await ai.ask({
        purpose: 'adjustment-reason',
        system: SYSTEM,
        prompt: `Trigger: ${trigger}\n<reason>\n${reason}\n</reason>`,
        schema: wordedReasonAnswer,
        ungroundedNumbers: (answer) => ungroundedReasonNumbers(answer.reason, reason),
      });
      return result.ok ? result.answer.reason : null;
    },
  };
}
