import type { StravaDataPolicy } from '../../../ai/provenance.ts';
import type { AiFailure, StructuredModel } from '../../../ai/structured-model.ts';
import { builtinCoach, type Coach, type CoachResult } from './coach.ts';
import type { AnalysisContext } from '../../facts/index.ts';
import { ungroundedNumbersInPrompt } from './grounding.ts';
import { buildCoachPrompt } from './prompt.ts';
import { coachAnswer } from './schema.ts';

/** What the athlete reads under Kai's card when the built-in coach stood in (analysisView.coachNote). */
export const COACH_NOTES = {
  timeout: "The AI coach did not answer in time, so Kai's built-in coach wrote this analysis.",
  unavailable: "The AI coach could not be reached, so Kai's built-in coach wrote this analysis.",
  unusable: "The AI coach's answer could not be used, so Kai's built-in coach wrote this analysis.",
  strava: "Strava's terms keep Strava data away from AI models, so Kai's built-in coach wrote this analysis.",
} as const satisfies Record<AiFailure | 'strava', string>;

/**
 * Kai's LLM coach: the configured model (src/server/ai) writes the sections from the facts that
 * `mayEnterPrompt` admits, held to those facts' numbers. When it cannot (timeout, unreachable,
 * unusable answer) the built-in coach writes the analysis with a note saying why. Under the strict
 * Strava policy a Strava activity never reaches the model.
 */
export function createLlmCoach(deps: { ai: StructuredModel; policy: StravaDataPolicy }): Coach {
  const { ai, policy } = deps;

  async function fallback(context: AnalysisContext, note: string): Promise<CoachResult> {
    const written = await builtinCoach.write(context);
    return { ...written, note };
  }

  return {
    async write(context) {
      const built = buildCoachPrompt(context, policy);
      if (!built) return fallback(context, COACH_NOTES.strava);
      const result = await ai.ask({
        purpose: 'analysis',
        system: built.system,
        prompt: built.prompt,
        schema: coachAnswer,
        ungroundedNumbers: ({ nextSession, ...sections }) => ungroundedNumbersInPrompt(sections, nextSession, built.facts),
      });
      if (!result.ok) return fallback(context, COACH_NOTES[result.failure]);
      // One decision per day (ADR 0068): the plan's session is the next one whatever the model wrote as data.
      const answer = context.plannedNext ? { ...result.answer, nextSession: context.plannedNext.session } : result.answer;
      return { answer, coach: 'llm', note: null };
    },
  };
}
