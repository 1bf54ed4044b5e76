import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numbersIn } from '../../src/server/ai/numbers.ts';
import { createStructuredModel, type AiQuestion } from '../../src/server/ai/structured-model.ts';

/** The one way Kairo asks a model: retry once what may improve, never what will not, one deadline. */
const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const answerSchema = z.object({ text: z.string().min(1) });
const question: AiQuestion<z.infer<typeof answerSchema>> = {
  purpose: 'test',
  system: 'Say something about the facts.',
  prompt: '<facts>{"ctl": "72"}</facts>',
  schema: answerSchema,
  ungroundedNumbers: (answer) => numbersIn(answer.text).filter((token) => token !== '72'),
};

function answering(...texts: string[]) {
  return texts.map((text) => ({
    content: [{ type: 'text' as const, text }],
    finishReason: { unified: 'stop' as const, raw: 'stop' },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    },
    warnings: [],
  }));
}

describe('the structured model', () => {
  it('returns a grounded, well-formed answer', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answering('{"text":"Fitness 72."}') });
    expect(await createStructuredModel({ model, timeoutMs: 5_000, log }).ask(question)).toEqual({ ok: true, answer: { text: 'Fitness 72.' } });
  });

  it('asks once more after an answer quoting a number it was not given, and uses the second', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answering('{"text":"Fitness 75."}', '{"text":"Fitness 72."}') });
    const result = await createStructuredModel({ model, timeoutMs: 5_000, log }).ask(question);
    expect(result).toEqual({ ok: true, answer: { text: 'Fitness 72.' } });
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('gives up as unusable after two malformed answers', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answering('not json', '{"text":""}', '{"text":"Fitness 72."}') });
    expect(await createStructuredModel({ model, timeoutMs: 5_000, log }).ask(question)).toEqual({ ok: false, failure: 'unusable' });
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('does not retry a refused key', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new APICallError({ message: 'bad key', url: 'http://model', requestBodyValues: {}, statusCode: 401, isRetryable: false });
      },
    });
    expect(await createStructuredModel({ model, timeoutMs: 5_000, log }).ask(question)).toEqual({ ok: false, failure: 'unavailable' });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('stops at the deadline, whatever attempt it is on', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason), { once: true })),
    });
    expect(await createStructuredModel({ model, timeoutMs: 50, log }).ask(question)).toEqual({ ok: false, failure: 'timeout' });
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});
