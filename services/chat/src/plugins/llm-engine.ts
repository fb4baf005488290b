// Keisha through a language model: any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp),
// streamed. No retries (a retry would repeat a half-sent answer); timeouts of our own, because the
// client's own timeout stops counting once the response headers arrive:
// - the first token must arrive within CHAT_FIRST_TOKEN_TIMEOUT_MS of the request;
// - after it, a pause longer than CHAT_IDLE_TIMEOUT_MS between chunks ends the answer.
// Decision: a failure BEFORE the first token (an error, a 429 or 500, no answer in time, an empty
// answer) falls back to the offline responder, which says in its first line that the model was
// unavailable and why; the person gets an answer and it costs no message (issue 14). A failure AFTER text was
// sent cannot be hidden: it is thrown as AnswerInterrupted, the partial answer is saved as failed
// and the message is given back.
import OpenAI from 'openai';
import type { LlmSettings } from '../env.ts';
import { AnswerInterrupted, type AnswerEngine } from './answer-engine.ts';

interface Log {
  warn: (obj: object, msg: string) => void;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1);
}

/** Why a call failed, in words a person can read in the answer's note. */
export function describeFailure(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'it did not answer in time';
  if (error instanceof OpenAI.APIConnectionError) return 'it could not be reached';
  if (error instanceof OpenAI.APIError) return error.status ? `it answered ${error.status}` : 'it reported an error';
  if (error instanceof SyntaxError) return 'it sent a malformed stream';
  // fetch reports a connection cut while reading the body as a TypeError ('terminated').
  if (error instanceof TypeError) return 'the connection to it was lost';
  return 'it failed';
}

/** Why the offline responder answered instead of the model: a metric label, so a small fixed set. */
export type LlmFallbackCause = 'timeout' | 'rate_limited' | 'server_error' | 'unreachable' | 'invalid_answer' | 'empty_answer';

export function fallbackCause(error: unknown, timedOut: boolean): LlmFallbackCause {
  if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError) return 'timeout';
  if (error instanceof OpenAI.APIError && error.status === 429) return 'rate_limited';
  if (error instanceof OpenAI.APIError && error.status !== undefined) return 'server_error';
  if (error instanceof SyntaxError) return 'invalid_answer';
  if (error instanceof OpenAI.APIError || error instanceof TypeError) return 'unreachable';
  return 'empty_answer';
}

export function createLlmEngine(settings: LlmSettings, fallback: AnswerEngine, log: Log, onFallback: (cause: LlmFallbackCause) => void = () => {}): AnswerEngine {
  const client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, maxRetries: 0, timeout: settings.firstTokenTimeoutMs });

  return async function* llmEngine(request, signal) {
    const upstream = new AbortController();
    const stopUpstream = () => upstream.abort(signal.reason);
    signal.addEventListener('abort', stopUpstream, { once: true });
    let timer: NodeJS.Timeout | undefined;
    let timedOut: string | undefined;
    const arm = (ms: number, reason: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = reason;
        upstream.abort(new Error(reason));
      }, ms);
    };

    try {
      arm(settings.firstTokenTimeoutMs, `no answer within ${seconds(settings.firstTokenTimeoutMs)} s`);
      let iterator: AsyncIterator<OpenAI.Chat.Completions.ChatCompletionChunk> | undefined;
      let first: string | undefined;
      let finishReason: string | null | undefined;
      try {
        const stream = await client.chat.completions.create(
          {
            model: settings.model,
            stream: true,
            messages: [
              { role: 'system', content: request.systemPrompt },
              ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
              { role: 'user', content: request.question },
            ],
            ...(settings.maxTokens > 0 ? { max_tokens: settings.maxTokens } : {}),
          },
          { signal: upstream.signal },
        );
        iterator = stream[Symbol.asyncIterator]();
        // An aborted stream ends without throwing (openai swallows its own abort): check why it ended.
        while (first === undefined) {
          const next = await iterator.next();
          if (next.done) break;
          const choice = next.value.choices?.[0];
          finishReason = choice?.finish_reason ?? finishReason;
          if (choice?.delta?.content) first = choice.delta.content;
        }
        if (first === undefined) throw new Error(timedOut ?? (finishReason ? 'it sent an empty answer' : 'it closed the stream'));
      } catch (error) {
        if (signal.aborted) return; // stopped by the person: no answer, no fallback
        const reason = timedOut ?? (error instanceof OpenAI.APIError || error instanceof SyntaxError ? describeFailure(error) : (error as Error).message || describeFailure(error));
        log.warn({ err: error, reason }, 'chat model failed before its first token; the offline responder answers');
        onFallback(fallbackCause(error, timedOut !== undefined));
        yield* fallback({ ...request, modelFailure: reason }, signal);
        return;
      }

      yield { type: 'start', engine: 'llm', sources: [], notes: [] };
      yield { type: 'delta', text: first };
      arm(settings.idleTimeoutMs, `the model stopped sending for ${seconds(settings.idleTimeoutMs)} s`);
      for (;;) {
        let next: IteratorResult<OpenAI.Chat.Completions.ChatCompletionChunk>;
        try {
          next = await iterator.next();
        } catch (error) {
          if (signal.aborted) return;
          throw new AnswerInterrupted(timedOut ?? describeFailure(error), { cause: error });
        }
          if (next.done) break;
        timer?.refresh(); // restart the idle clock (cheaper than a new timer per chunk)
        const choice = next.value.choices?.[0];
        finishReason = choice?.finish_reason ?? finishReason;
        if (choice?.delta?.content) yield { type: 'delta', text: choice.delta.content };
      }
      if (signal.aborted) return;
      if (timedOut) throw new AnswerInterrupted(timedOut);
      if (!finishReason) throw new AnswerInterrupted('the model closed the stream before finishing');
      if (finishReason === 'length') yield { type: 'note', text: 'The answer reached the model’s length limit.' };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stopUpstream);
      upstream.abort(); // a no-op after a complete answer; closes the request on every other way out
    }
  };
}
