import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { llmProviderOf, llmProviderSettings } from './llm-provider.ts';

describe('llmProviderOf', () => {
  it('is undefined with neither setting, so the service answers on its own', () => {
    expect(llmProviderOf({})).toBeUndefined();
  });

  it('takes a local server without a key (a placeholder is sent) and a key without a server (OpenAI itself)', () => {
    expect(llmProviderOf({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toEqual({ baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'not-needed' });
    expect(llmProviderOf({ OPENAI_API_KEY: 'sk-test' })).toEqual({ baseURL: undefined, apiKey: 'sk-test' });
  });

  it("brings the service's own settings with the provider, and nothing without one", () => {
    expect(llmProviderOf({ OPENAI_API_KEY: 'sk-test' }, { model: 'm', timeoutMs: 5 })).toEqual({ baseURL: undefined, apiKey: 'sk-test', model: 'm', timeoutMs: 5 });
    expect(llmProviderOf({}, { model: 'm' })).toBeUndefined();
  });

  it('refuses a base URL that is not a URL and an empty key in the settings', () => {
    const schema = z.object(llmProviderSettings);
    expect(schema.safeParse({ OPENAI_BASE_URL: 'localhost' }).success).toBe(false);
    expect(schema.safeParse({ OPENAI_API_KEY: '' }).success).toBe(false);
    expect(schema.parse({})).toEqual({});
  });
});
