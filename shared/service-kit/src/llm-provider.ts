// The OpenAI-compatible server a service may be given (chat's answers, the decoder's analyses): the two settings and
// the one rule for when a provider counts as configured.
import { z } from 'zod';

/** Spread into a service's config schema. */
export const llmProviderSettings = {
  /** An OpenAI-compatible server (OpenAI, Ollama :11434/v1, vLLM :8000/v1, llama.cpp :8080/v1). */
  OPENAI_BASE_URL: z.url().optional(),
  /** Its key; local servers accept any non-empty value. */
  OPENAI_API_KEY: z.string().min(1).optional(),
};

export interface LlmProvider {
  baseURL?: string;
  apiKey: string;
}

/**
 * The provider when either setting is given (a local server needs no key: a placeholder is sent); otherwise
 * undefined. `own`, the service's settings for its model (model name, timeouts), come with the provider.
 */
export function llmProviderOf<T extends object = object>(config: { OPENAI_BASE_URL?: string; OPENAI_API_KEY?: string }, own?: T): (LlmProvider & T) | undefined {
  if (!config.OPENAI_BASE_URL && !config.OPENAI_API_KEY) return undefined;
  return { baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY ?? 'not-needed', ...own } as LlmProvider & T;
}
