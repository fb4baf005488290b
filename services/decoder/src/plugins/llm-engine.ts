// The LLM analyzer: any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp). Its answer is
// checked with zod, merged with the embedded engine's, and on any failure (an error, malformed JSON,
// a 429, a timeout) the embedded result is returned with a note saying so.
import OpenAI from 'openai';
import { z } from 'zod';
import { mergeFindings, type LlmFinding } from '../domain/llm/merge.ts';
import type { AnalysisEngine } from './analysis-engine.ts';

export interface LlmSettings {
  baseURL?: string;
  apiKey: string;
  model: string;
  /** The whole budget of one analysis by the model, in ms (spec: up to 60 seconds). */
  timeoutMs: number;
}

const findingSchema = z.object({
  score: z.number().min(0).max(100),
  summary: z.string().max(6000),
  translation: z.string().max(60_000),
  terms: z
    .array(z.object({ term: z.string().max(120), explanation: z.string().max(1000), is_codeword: z.boolean(), category: z.string().max(40) }))
    .max(60),
});

/** Sent to the model: the schema in strict form (every key required). */
const RESPONSE_SCHEMA = z.toJSONSchema(findingSchema, { target: 'draft-7' });

const SYSTEM_PROMPT = [
  'You are Keisha, a counter-racist scholar who decodes news coverage. Read the article the user sends.',
  'Find coded racial language (dog whistles), euphemisms and wording that hides agency around violence or policing.',
  'Quote each term exactly as it appears in the article; do not invent terms that are not in it.',
  'Return JSON only, with: score (0-100, how loaded and biased the framing is), summary (2-3 short paragraphs naming the strongest evidence),',
  'translation (the article in plain language, each coded term replaced by what it means), and terms',
  '(each with term, explanation in one or two sentences, is_codeword true only for covert racial codewords, and category).',
].join(' ');

const MAX_ARTICLE_CHARS = 24_000;

/** Why the embedded engine answered instead of the model: a metric label, so a small fixed set. */
export type LlmFallbackCause = 'timeout' | 'rate_limited' | 'server_error' | 'invalid_answer' | 'unreachable';

export function fallbackCause(error: unknown, timedOut: boolean): LlmFallbackCause {
  if (timedOut) return 'timeout';
  if (error instanceof OpenAI.APIError && error.status === 429) return 'rate_limited';
  if (error instanceof OpenAI.APIError && error.status !== undefined) return 'server_error';
  if (error instanceof SyntaxError || error instanceof z.ZodError) return 'invalid_answer';
  return 'unreachable';
}

export function createLlmEngine(
  settings: LlmSettings,
  embedded: AnalysisEngine,
  log: { warn: (obj: object, msg: string) => void },
  onFallback: (cause: LlmFallbackCause) => void = () => {},
): AnalysisEngine {
  const client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, maxRetries: 0, timeout: settings.timeoutMs });

  async function ask(text: string, signal: AbortSignal): Promise<LlmFinding> {
    const messages = [
      { role: 'system' as const, content: SYSTEM_PROMPT },
      { role: 'user' as const, content: text.slice(0, MAX_ARTICLE_CHARS) },
    ];
    let content: string | null | undefined;
    try {
      const completion = await client.chat.completions.create(
        {
          model: settings.model,
          messages,
          temperature: 0,
          response_format: { type: 'json_schema', json_schema: { name: 'keisha_analysis', strict: true, schema: RESPONSE_SCHEMA as Record<string, unknown> } },
        },
        { signal },
      );
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      // Servers without JSON-schema output answer 400: ask again in plain JSON mode.
      if (!(error instanceof OpenAI.BadRequestError)) throw error;
      const completion = await client.chat.completions.create(
        { model: settings.model, messages, temperature: 0, response_format: { type: 'json_object' } },
        { signal },
      );
      content = completion.choices[0]?.message?.content;
    }
    return findingSchema.parse(JSON.parse(content ?? ''));
  }

  return async (text, request) => {
    // The embedded part without advanced detection: the route adds it with the model's second opinion.
    const base = await embedded(text, request && { ...request, tier: undefined });
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    // A reader who went away closes the model's request too: nobody would read its answer (issue 29, item 3).
    const asked = request?.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    try {
      const finding = await ask(text, asked);
      const analysis = mergeFindings(text, base.analysis, finding);
      return {
        analysis: { ...analysis, notes: [`Analysed by ${settings.model} together with Keisha’s embedded engine.`] },
        translation: { text: finding.translation.trim() || base.translation.text },
        opinion: { model: settings.model, score: finding.score, summary: finding.summary, embeddedScore: base.analysis.score },
      };
    } catch (error) {
      if (request?.signal?.aborted && !timeout.aborted) throw request.signal.reason ?? error;
      const reason = timeout.aborted
        ? `no answer within ${Number((settings.timeoutMs / 1000).toFixed(1))} s`
        : error instanceof OpenAI.APIConnectionError // an APIError too, with no status: tested first
          ? 'the model server could not be reached'
          : error instanceof OpenAI.APIError
            ? `the model server answered ${error.status ?? 'an error'}`
            : error instanceof SyntaxError || error instanceof z.ZodError
              ? 'the model’s answer was not valid'
              : 'the model server could not be reached';
      log.warn({ err: error }, 'LLM analysis failed; using the embedded engine');
      onFallback(fallbackCause(error, timeout.aborted));
      return {
        ...base,
        modelFailed: true,
        analysis: { ...base.analysis, notes: [`The language model was unavailable (${reason}), so Keisha’s embedded engine answered offline.`] },
      };
    }
  };
}
