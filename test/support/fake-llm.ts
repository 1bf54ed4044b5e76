import type { FakeLlm } from '../../tools/fake-llm/server.ts';

/** Kairo's settings for an LLM coach served by `fake`, with a timeout short enough that a model that never answers costs a test little. */
export function llmEnv(fake: FakeLlm, timeoutS = 1.5): Record<string, string> {
  return { AI_PROVIDER: 'openai-compatible', AI_MODEL: 'fake-coach', AI_BASE_URL: fake.url, AI_TIMEOUT_S: String(timeoutS) };
}
