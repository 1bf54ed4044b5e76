import { APICallError, generateText, jsonSchema, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { storableJson } from '../http/stored-text.ts';

/** One call and one retry: a second bad answer in a row is rarely followed by a good one, and the athlete is waiting. */
const MAX_ATTEMPTS = 2;

/** Why a model's answer could not be used; each writer words it for the athlete. */
export type AiFailure = 'timeout' | 'unavailable' | 'unusable';

/** One question to the model: instructions, the facts as text, the answer's shape, and its number check. */
export interface AiQuestion<T> {
  /** Names the writer in logs and usage records: 'analysis', 'profile', … */
  purpose: string;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** The numbers of an answer that the facts shown do not account for; any makes the answer unusable. */
  ungroundedNumbers(answer: T): string[];
}

export type AiAnswer<T> = { ok: true; answer: T } | { ok: false; failure: AiFailure };

/**
 * Kairo's one way to ask a language model: a structured answer through the AI SDK, no tools, one
 * deadline for every attempt, one retry of what may go better the second time (a malformed or
 * ungrounded answer, a retryable API error), and a usage record per call. Callers decide what
 * enters the prompt (the Strava firewall: provenance.ts) and what to do on failure (the built-in
 * writers).
 */
export interface StructuredModel {
  ask<T>(question: AiQuestion<T>): Promise<AiAnswer<T>>;
}

class UngroundedAnswerError extends Error {
  override name = 'UngroundedAnswerError';
}

/** Counts for the operator's metrics; each writer falls back to its built-in writer on every failed answer. */
export interface AiObserver {
  call(purpose: string, outcome: 'answered' | AiFailure): void;
  fallback(purpose: string, failure: AiFailure): void;
}

export function createStructuredModel(deps: { model: LanguageModel; timeoutMs: number; log: FastifyBaseLogger; observe?: AiObserver }): StructuredModel {
  const { model, timeoutMs, log, observe } = deps;

  function classify(error: unknown, deadline: AbortSignal): { failure: AiFailure; retry: boolean } {
    if (deadline.aborted) return { failure: 'timeout', retry: false };
    if (NoObjectGeneratedError.isInstance(error) || error instanceof UngroundedAnswerError) return { failure: 'unusable', retry: true };
    // A refused key or an unknown model will not get better on a second try.
    if (APICallError.isInstance(error)) return { failure: 'unavailable', retry: error.isRetryable };
    return { failure: 'unavailable', retry: true };
  }

  return {
    async ask<T>(question: AiQuestion<T>): Promise<AiAnswer<T>> {
      const deadline = AbortSignal.timeout(timeoutMs);
      const schema = structuredAnswer(question.schema);
      for (let attempt = 1; ; attempt++) {
        try {
          const { output, usage } = await generateText({
            model,
            system: question.system,
            prompt: question.prompt,
            output: Output.object({ schema }),
            maxRetries: 0,
            abortSignal: deadline,
          });
          log.info({ purpose: question.purpose, attempt, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens }, 'language model answered');
          const ungrounded = question.ungroundedNumbers(output);
          if (ungrounded.length > 0) throw new UngroundedAnswerError(`numbers not among the facts: ${ungrounded.join(', ')}`);
          observe?.call(question.purpose, 'answered');
          return { ok: true, answer: output };
        } catch (error) {
          const { failure, retry } = classify(error, deadline);
          observe?.call(question.purpose, failure);
          log.warn({ purpose: question.purpose, attempt, failure, reason: error instanceof Error ? error.message : String(error) }, 'the language model failed');
          if (!retry || attempt >= MAX_ATTEMPTS) {
            observe?.fallback(question.purpose, failure);
            return { ok: false, failure };
          }
        }
      }
    },
  };
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
      // A model's JSON may hold \u0000 or a lone surrogate: made storable here, once, for every answer.
      const parsed = schema.safeParse(storableJson(value));
      return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
    },
  });
}
