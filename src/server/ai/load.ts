import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from '../config.ts';
import type { AiObserver, StructuredModel } from './structured-model.ts';

/**
 * The one language model every writer asks (analysis, profile, adjustment reasons, Ask Kai), with
 * the AI SDK and its providers loaded only here: a Kairo without AI_PROVIDER (the default, and
 * every demo) never loads them, which keeps about 18 MB out of its memory (ADR 0094).
 */
export async function loadStructuredModel(ai: AiConfig, deps: { log: FastifyBaseLogger; observe?: AiObserver }): Promise<StructuredModel> {
  const [{ createStructuredModel }, { languageModelFor }] = await Promise.all([import('./structured-model.ts'), import('./provider.ts')]);
  return createStructuredModel({ model: languageModelFor(ai), timeoutMs: ai.timeoutMs, log: deps.log, observe: deps.observe });
}
