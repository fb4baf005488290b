/**
 * Reads a text through the decoder's LLM engine (src/plugins/llm-engine.ts) exactly as the service
 * does: the model's answer merged with the embedded engine's, and the embedded result alone when the
 * model fails. The reader counts both outcomes, so that an evaluation can say how many texts the model
 * really answered.
 */
import { decoderConfigSchema } from '../../src/env.ts';
import { embeddedEngine } from '../../src/plugins/embedded-engine.ts';
import { createLlmEngine, type LlmSettings } from '../../src/plugins/llm-engine.ts';
import type { Reader } from './evaluate.ts';

const llmEnvSchema = decoderConfigSchema.pick({ OPENAI_BASE_URL: true, OPENAI_API_KEY: true, DECODER_MODEL: true, DECODER_LLM_TIMEOUT_MS: true });

/** The model settings from the environment; OPENAI_BASE_URL names the server. */
export function llmSettingsFromEnv(env: NodeJS.ProcessEnv): LlmSettings {
  const parsed = llmEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`--llm: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const config = parsed.data;
  if (!config.OPENAI_BASE_URL) throw new Error('--llm needs OPENAI_BASE_URL, the address of an OpenAI-compatible server (e.g. http://127.0.0.1:11434/v1)');
  return {
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY ?? 'not-needed',
    model: config.DECODER_MODEL,
    timeoutMs: config.DECODER_LLM_TIMEOUT_MS,
  };
}

export interface LlmReader {
  read: Reader;
  /** Texts the model answered (merged result) and texts it did not (embedded fallback), with the first failure. */
  stats: { answered: number; fellBack: number; firstFailure?: string };
}

export function llmReader(settings: LlmSettings): LlmReader {
  const stats: LlmReader['stats'] = { answered: 0, fellBack: 0 };
  const log = {
    warn: (obj: object) => {
      const err = (obj as { err?: unknown }).err;
      stats.firstFailure ??= err instanceof Error ? err.message : String(err);
    },
  };
  const engine = createLlmEngine(settings, embeddedEngine, log);
  const read: Reader = async (text) => {
    const { analysis } = await engine(text);
    if (analysis.engine === 'embedded+llm') stats.answered++;
    else stats.fellBack++;
    return { score: analysis.score, threshold: analysis.threshold, terms: analysis.detected_terms };
  };
  return { read, stats };
}
