import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { askAnswer, kaiAnswer, promptAsk, promptReason, reasonAnswer } from './kai-answer.ts';
import type { ChatCompletionRequest, FakeAnswer } from './protocol.ts';

export type { ChatCompletionRequest, FakeAnswer } from './protocol.ts';
export { kaiAnswer, messageText, promptFacts, promptReason, reasonAnswer } from './kai-answer.ts';

export interface FakeLlm {
  /** The OpenAI-compatible base URL, e.g. http://127.0.0.1:41234/v1 (AI_BASE_URL). */
  url: string;
  /** Every chat completion request body received, in order. */
  requests: ChatCompletionRequest[];
  /** Queues the answers to the next requests, in order; once they are used up, Kai's answer. */
  script(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

/** Requests larger than this are refused; Kairo's prompt is a few kilobytes. */
const MAX_BODY_BYTES = 1_000_000;
/** A fixed creation time keeps answers byte-for-byte reproducible. */
const CREATED_S = 1_767_225_600;

/**
 * An OpenAI-compatible Chat Completions server on loopback that answers from a script: Kairo's
 * LLM coach is tested against it without a model or a network. Non-streaming JSON only.
 */
export async function startFakeLlm(options: { port?: number; controlRoutes?: boolean; log?: (line: string) => void } = {}): Promise<FakeLlm> {
  const requests: ChatCompletionRequest[] = [];
  const queue: FakeAnswer[] = [];
  const pending = new Set<NodeJS.Timeout>();

  function reply(response: ServerResponse, status: number, body: unknown): void {
    if (response.destroyed) return;
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }

  function completion(request: ChatCompletionRequest, content: string) {
    const n = requests.length;
    return {
      id: `chatcmpl-fake-${n}`,
      object: 'chat.completion',
      created: CREATED_S + n,
      model: request.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    };
  }

  function answer(response: ServerResponse, request: ChatCompletionRequest, scripted: FakeAnswer): void {
    switch (scripted.kind) {
      case 'coach': {
        // Kairo asks two things: the analysis (Kai's sections) and the wording of a plan adjustment's reason.
        const reason = promptReason(request);
        const ask = promptAsk(request);
        const body = ask ? askAnswer(ask) : reason === null ? kaiAnswer(request) : reasonAnswer(reason);
        return reply(response, 200, completion(request, JSON.stringify(body)));
      }
      case 'json':
        return reply(response, 200, completion(request, JSON.stringify(scripted.body)));
      case 'json-from':
        return reply(response, 200, completion(request, JSON.stringify(scripted.make(request))));
      case 'malformed':
        return reply(response, 200, completion(request, '{"subjectLine": "A steady ride", "executiveSummary": "You rode'));
      case 'schema-invalid':
        return reply(response, 200, completion(request, JSON.stringify({ subjectLine: 42, feedback: ['not', 'text'] })));
      case 'status':
        return reply(response, scripted.status, {
          error: { message: scripted.message ?? `the fake model answered ${scripted.status}`, type: 'server_error', code: null },
        });
      case 'slow': {
        const timer = setTimeout(() => {
          pending.delete(timer);
          answer(response, request, scripted.then ?? { kind: 'coach' });
        }, scripted.delayMs);
        pending.add(timer);
        // A client that gave up (Kairo's timeout) leaves nothing behind.
        response.on('close', () => {
          clearTimeout(timer);
          pending.delete(timer);
        });
        return;
      }
    }
  }

  async function readBody(request: IncomingMessage): Promise<string | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return null;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The standalone server's control API: script answers, read what was asked. */
  async function control(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (request.method === 'GET' && path === '/_fake/requests') return reply(response, 200, requests);
    if (request.method === 'POST' && path === '/_fake/script') {
      const text = await readBody(request);
      try {
        const answers = JSON.parse(text ?? '') as unknown;
        if (!Array.isArray(answers) || !answers.every((item) => typeof item?.kind === 'string' && item.kind !== 'json-from')) throw new Error();
        queue.push(...(answers as FakeAnswer[]));
        return reply(response, 200, { queued: queue.length });
      } catch {
        return reply(response, 400, { error: { message: 'send a JSON array of answers, e.g. [{"kind":"malformed"}]' } });
      }
    }
    return reply(response, 404, { error: { message: `no route ${request.method} ${path}` } });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (options.controlRoutes && path.startsWith('/_fake/')) return control(request, response, path);
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        return reply(response, 404, { error: { message: `no route ${request.method} ${path}`, type: 'invalid_request_error' } });
      }
      const text = await readBody(request);
      if (text === null) return reply(response, 413, { error: { message: 'request too large', type: 'invalid_request_error' } });
      let body: ChatCompletionRequest;
      try {
        body = JSON.parse(text) as ChatCompletionRequest;
      } catch {
        return reply(response, 400, { error: { message: 'the body is not JSON', type: 'invalid_request_error' } });
      }
      if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
        return reply(response, 400, { error: { message: 'model and messages are required', type: 'invalid_request_error' } });
      }
      requests.push(body);
      const scripted = queue.shift() ?? { kind: 'coach' };
      options.log?.(`#${requests.length} ${body.model}: ${scripted.kind}`);
      answer(response, body, scripted);
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(...answers) {
      queue.push(...answers);
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
