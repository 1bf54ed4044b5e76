import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, jsonSchema, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AiConfig } from '../../../config.ts';
import { builtinCoach, type Coach, type CoachResult } from './coach.ts';
import type { AnalysisContext } from './context.ts';
import { ungroundedNumbersInPrompt } from './grounding.ts';
import { buildCoachPrompt } from './prompt.ts';
import type { StravaDataPolicy } from './provenance.ts';
import { coachAnswer, type CoachAnswer } from './schema.ts';

/** One call and one retry: a second bad answer in a row is rarely followed by a good one, and the athlete is waiting. */
const MAX_ATTEMPTS = 2;

/** What the athlete reads under Kai's card when the built-in coach stood in (analysisView.coachNote). */
export const COACH_NOTES = {
  timeout: "The AI coach did not answer in time, so Kai's built-in coach wrote this analysis.",
  unavailable: "The AI coach could not be reached, so Kai's built-in coach wrote this analysis.",
  unusable: "The AI coach's answer could not be used, so Kai's built-in coach wrote this analysis.",
  strava: "Strava's terms keep Strava data away from AI models, so Kai's built-in coach wrote this analysis.",
} as const;

export function languageModelFor(ai: AiConfig): LanguageModel {
  switch (ai.provider) {
    case 'openai':
      return createOpenAI({ apiKey: ai.apiKey, baseURL: ai.baseUrl })(ai.model);
    case 'anthropic':
      return createAnthropic({ apiKey: ai.apiKey, baseURL: ai.baseUrl })(ai.model);
    case 'openai-compatible':
      if (!ai.baseUrl) throw new Error('AI_PROVIDER=openai-compatible needs AI_BASE_URL');
      // Ollama, llama.cpp, vLLM and LM Studio accept a JSON schema as response_format.
      return createOpenAICompatible({ name: 'compatible', baseURL: ai.baseUrl, apiKey: ai.apiKey, supportsStructuredOutputs: true })(ai.model);
  }
}

/**
 * The JSON schema the model is given: the answer's shape in the subset strict structured-output
 * modes accept (anyOf rather than oneOf, no length or range keywords). The answer is still
 * validated with the full zod schema, bounds included.
 */
function modelFacingSchema(schema: z.ZodType): Record<string, unknown> {
  const loosen = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(loosen);
    if (value === null || typeof value !== 'object') return value;
    const kept = Object.entries(value).filter(
      ([key]) => !['$schema', 'minLength', 'maxLength', 'minItems', 'maximum', 'exclusiveMinimum'].includes(key),
    );
    return Object.fromEntries(kept.map(([key, field]) => [key === 'oneOf' ? 'anyOf' : key, loosen(field)]));
  };
  return loosen(z.toJSONSchema(schema)) as Record<string, unknown>;
}

/** A structured output for the AI SDK: the model sees the loosened schema, the answer is held to the zod one. */
export function structuredAnswer<T>(schema: z.ZodType<T>) {
  return jsonSchema<T>(modelFacingSchema(schema), {
    validate: (value) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
    },
  });
}

const answerSchema = structuredAnswer(coachAnswer);

class UngroundedAnswerError extends Error {
  override name = 'UngroundedAnswerError';
}

type Failure = keyof Omit<typeof COACH_NOTES, 'strava'>;

/**
 * Kai's LLM coach: one structured call through the AI SDK, without tools, on the facts that
 * `mayEnterPrompt` admits. A timeout (one deadline for all attempts), an unreachable model, or an
 * answer that is malformed, breaks the schema or quotes a number the model was not given is
 * retried once, then the built-in coach writes the analysis with a note saying why. Under the
 * strict Strava policy a Strava activity never reaches the model.
 */
export function createLlmCoach(deps: { model: LanguageModel; timeoutMs: number; policy: StravaDataPolicy; log: FastifyBaseLogger }): Coach {
  const { model, timeoutMs, policy, log } = deps;

  async function fallback(context: AnalysisContext, note: string): Promise<CoachResult> {
    const written = await builtinCoach.write(context);
    return { ...written, note };
  }

  async function ask(system: string, prompt: string, facts: unknown, abortSignal: AbortSignal): Promise<CoachAnswer> {
    const { output } = await generateText({ model, system, prompt, output: Output.object({ schema: answerSchema }), maxRetries: 0, abortSignal });
    const { nextSession, ...sections } = output;
    const ungrounded = ungroundedNumbersInPrompt(sections, nextSession, facts);
    if (ungrounded.length > 0) throw new UngroundedAnswerError(`numbers not among the facts: ${ungrounded.join(', ')}`);
    return output;
  }

  function classify(error: unknown, deadline: AbortSignal): { failure: Failure; retry: boolean } {
    if (deadline.aborted) return { failure: 'timeout', retry: false };
    if (NoObjectGeneratedError.isInstance(error) || error instanceof UngroundedAnswerError) return { failure: 'unusable', retry: true };
    // A refused key or an unknown model will not get better on a second try.
    if (APICallError.isInstance(error)) return { failure: 'unavailable', retry: error.isRetryable };
    return { failure: 'unavailable', retry: true };
  }

  return {
    async write(context) {
      const built = buildCoachPrompt(context, policy);
      if (!built) return fallback(context, COACH_NOTES.strava);
      const deadline = AbortSignal.timeout(timeoutMs);
      for (let attempt = 1; ; attempt++) {
        try {
          return { answer: await ask(built.system, built.prompt, built.facts, deadline), coach: 'llm', note: null };
        } catch (error) {
          const { failure, retry } = classify(error, deadline);
          log.warn({ attempt, failure, reason: error instanceof Error ? error.message : String(error) }, 'the LLM coach failed');
          if (!retry || attempt >= MAX_ATTEMPTS) return fallback(context, COACH_NOTES[failure]);
        }
      }
    },
  };
}
