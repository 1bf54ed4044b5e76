import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiConfig } from '../config.ts';

/** The configured language model (AI_PROVIDER, AI_MODEL, AI_API_KEY, AI_BASE_URL). */
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
