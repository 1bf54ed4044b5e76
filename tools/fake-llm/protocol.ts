/** The parts of OpenAI's Chat Completions request the fake reads; everything else is recorded as sent. */
export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: unknown }[];
  response_format?: { type: 'json_object' } | { type: 'json_schema'; json_schema: { name?: string; schema: unknown; strict?: boolean } };
  [key: string]: unknown;
}

/** What the fake answers to the next request. */
export type FakeAnswer =
  /** Kai's answer written from the prompt's facts (kai-answer.ts); the default when nothing is scripted. */
  | { kind: 'coach' }
  /** This JSON as the message content. */
  | { kind: 'json'; body: unknown }
  /** The JSON `make` writes for the request (e.g. Kai's answer with one thing changed). */
  | { kind: 'json-from'; make: (request: ChatCompletionRequest) => unknown }
  /** Content that is not JSON at all (a model cut off mid-answer). */
  | { kind: 'malformed' }
  /** Valid JSON in the wrong shape. */
  | { kind: 'schema-invalid' }
  /** `then` (default: coach), after `delayMs`; a client that gives up first gets nothing. */
  | { kind: 'slow'; delayMs: number; then?: FakeAnswer }
  /** An HTTP error with OpenAI's error body. */
  | { kind: 'status'; status: number; message?: string };
