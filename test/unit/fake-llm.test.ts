import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, Output, type JSONSchema7 } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../tools/fake-llm/server.ts';
import { buildCoachPrompt } from '../../src/server/features/analysis/coach/prompt.ts';
import { ungroundedNumbersInPrompt } from '../../src/server/features/analysis/coach/grounding.ts';
import { coachAnswer } from '../../src/server/features/analysis/coach/schema.ts';
import { contextOf } from './support/analysis-context.ts';

const prompt = buildCoachPrompt(contextOf('ridePower'), 'relaxed')!;
const chatBody = (model = 'fake') => ({
  model,
  messages: [
    { role: 'system', content: prompt.system },
    { role: 'user', content: prompt.prompt },
  ],
  response_format: { type: 'json_object' },
});

describe('the fake LLM', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(async () => {
    await fake.close();
  });

  const post = (body: unknown) =>
    fetch(`${fake.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const contentOf = async (response: Response) => (await response.json()).choices[0].message.content as string;

  it("answers Kai's prompt with a grounded answer built from its facts, the same every time, and records the request", async () => {
    const before = fake.requests.length;
    const first = await post(chatBody());
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ object: 'chat.completion', model: 'fake', choices: [{ finish_reason: 'stop', message: { role: 'assistant' } }] });
    const answer = coachAnswer.parse(JSON.parse(body.choices[0].message.content));
    expect(answer.summary).toBe('Distance 41.3 km, moving time 1 h 18 min.');
    expect(answer.executiveSummary).toContain('Your form the morning after is -15.');
    const { nextSession, ...sections } = answer;
    expect(ungroundedNumbersInPrompt(sections, nextSession, prompt.facts)).toEqual([]);
    expect(await contentOf(await post(chatBody()))).toBe(body.choices[0].message.content);
    expect(fake.requests.slice(before)).toEqual([chatBody(), chatBody()]);
  });

  it('plays its script in order, then falls back to the coach answer', async () => {
    fake.script(
      { kind: 'malformed' },
      { kind: 'schema-invalid' },
      { kind: 'status', status: 500 },
      { kind: 'json', body: { hello: 'world' } },
      { kind: 'json-from', make: (request) => ({ model: request.model }) },
      { kind: 'slow', delayMs: 50, then: { kind: 'status', status: 503, message: 'overloaded' } },
    );
    const malformed = await contentOf(await post(chatBody()));
    expect(() => JSON.parse(malformed)).toThrow(SyntaxError);
    expect(coachAnswer.safeParse(JSON.parse(await contentOf(await post(chatBody())))).success).toBe(false);
    const failed = await post(chatBody());
    expect(failed.status).toBe(500);
    expect((await failed.json()).error.message).toBe('the fake model answered 500');
    expect(JSON.parse(await contentOf(await post(chatBody())))).toEqual({ hello: 'world' });
    expect(JSON.parse(await contentOf(await post(chatBody('echo-me'))))).toEqual({ model: 'echo-me' });
    const slow = await post(chatBody());
    expect(slow.status).toBe(503);
    expect((await slow.json()).error.message).toBe('overloaded');
    expect(coachAnswer.safeParse(JSON.parse(await contentOf(await post(chatBody())))).success).toBe(true);
  });

  it('lets a client that gives up go, and refuses what is not a chat completion', async () => {
    fake.script({ kind: 'slow', delayMs: 60_000 });
    await expect(
      fetch(`${fake.url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify(chatBody()),
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow();
    expect((await post({ messages: [] })).status).toBe(400);
    const notJson = await fetch(`${fake.url}/chat/completions`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${fake.url}/models`)).status).toBe(404);
  });

  it("serves the AI SDK's OpenAI-compatible provider, which sends the answer's JSON schema", async () => {
    const model = createOpenAICompatible({ name: 'fake', baseURL: fake.url, supportsStructuredOutputs: true })('fake-model');
    const schema: JSONSchema7 = { type: 'object', properties: { subjectLine: { type: 'string' } }, required: ['subjectLine'], additionalProperties: false };
    const before = fake.requests.length;
    const { output } = await generateText({
      model,
      system: prompt.system,
      prompt: prompt.prompt,
      output: Output.object({ schema: jsonSchema<{ subjectLine: string }>(schema) }),
      maxRetries: 0,
    });
    expect(output.subjectLine).toBe('A 41.3 km ride in 1 h 18 min, well paced');
    const [sent] = fake.requests.slice(before);
    expect(sent).toMatchObject({
      model: 'fake-model',
      response_format: { type: 'json_schema', json_schema: { name: 'response', strict: true, schema } },
    });
  });
});
