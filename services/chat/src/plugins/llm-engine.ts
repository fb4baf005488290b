// Keisha through a language model: any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp),
// streamed (read by completion-stream.ts). No retries (a retry would repeat a half-sent answer), and
// timeouts of our own:
// - the first token must arrive within CHAT_FIRST_TOKEN_TIMEOUT_MS of the request;
// - after it, a pause longer than CHAT_IDLE_TIMEOUT_MS between chunks ends the answer.
// Decision: a failure BEFORE the first token (an error, a 429 or 500, no answer in time, an empty
// answer) falls back to the offline responder, which says in its first line that the model was
// unavailable and why; the person gets an answer and it costs no message (issue 14). A failure AFTER text was
// sent cannot be hidden: it is thrown as AnswerInterrupted, the partial answer is saved as failed
// and the message is given back.
import type { LlmSettings } from '../env.ts';
import { AnswerInterrupted, type AnswerEngine } from './answer-engine.ts';
import { CompletionError, completionStreams, type CompletionChunk } from './completion-stream.ts';

interface Log {
  warn: (obj: object, msg: string) => void;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1);
}

/** Why a call failed, in words a person can read in the answer's note. */
export function describeFailure(error: unknown): string {
  return error instanceof CompletionError ? error.message : 'it failed';
}

/** Why the offline responder answered instead of the model: a metric label, so a small fixed set. */
export type LlmFallbackCause = 'timeout' | 'rate_limited' | 'server_error' | 'unreachable' | 'invalid_answer' | 'empty_answer';

export function fallbackCause(error: unknown, timedOut: boolean): LlmFallbackCause {
  if (timedOut) return 'timeout';
  if (!(error instanceof CompletionError)) return 'empty_answer';
  if (error.kind === 'status') return error.status === 429 ? 'rate_limited' : 'server_error';
  if (error.kind === 'malformed') return 'invalid_answer';
  return 'unreachable';
}

export function createLlmEngine(settings: LlmSettings, fallback: AnswerEngine, log: Log, onFallback: (cause: LlmFallbackCause) => void = () => {}): AnswerEngine {
  const open = completionStreams({ baseURL: settings.baseURL, apiKey: settings.apiKey });

  return async function* llmEngine(request, signal) {
    const upstream = new AbortController();
    const stopUpstream = () => upstream.abort(signal.reason);
    signal.addEventListener('abort', stopUpstream, { once: true });
    let timer: NodeJS.Timeout | undefined;
    let timedOut: string | undefined;
    /** The model's stream was read to its end: nothing is left to close. */
    let readToEnd = false;
    const arm = (ms: number, reason: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = reason;
        upstream.abort(new Error(reason));
      }, ms);
    };

    try {
      arm(settings.firstTokenTimeoutMs, `no answer within ${seconds(settings.firstTokenTimeoutMs)} s`);
      let iterator: AsyncIterator<CompletionChunk> | undefined;
      let first: string | undefined;
      let finishReason: string | null | undefined;
      try {
        const chunks = await open(
          {
            model: settings.model,
            messages: [
              { role: 'system', content: request.systemPrompt },
              ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
              { role: 'user', content: request.question },
            ],
            ...(settings.maxTokens > 0 ? { max_tokens: settings.maxTokens } : {}),
          },
          upstream.signal,
        );
        iterator = chunks[Symbol.asyncIterator]();
        while (first === undefined) {
          const next = await iterator.next();
          if (next.done) break;
          finishReason = next.value.finishReason ?? finishReason;
          if (next.value.content) first = next.value.content;
        }
        if (first === undefined) throw new Error(timedOut ?? (finishReason ? 'it sent an empty answer' : 'it closed the stream'));
      } catch (error) {
        if (signal.aborted) return; // stopped by the person: no answer, no fallback
        const reason = timedOut ?? (error instanceof CompletionError ? error.message : (error as Error).message || describeFailure(error));
        log.warn({ err: error, reason }, 'chat model failed before its first token; the offline responder answers');
        onFallback(fallbackCause(error, timedOut !== undefined));
        yield* fallback({ ...request, modelFailure: reason }, signal);
        return;
      }

      yield { type: 'start', engine: 'llm', sources: [], notes: [] };
      yield { type: 'delta', text: first };
      arm(settings.idleTimeoutMs, `the model stopped sending for ${seconds(settings.idleTimeoutMs)} s`);
      for (;;) {
        let next: IteratorResult<CompletionChunk>;
        try {
          next = await iterator.next();
        } catch (error) {
          if (signal.aborted) return;
          throw new AnswerInterrupted(timedOut ?? describeFailure(error), { cause: error });
        }
        if (next.done) {
          readToEnd = true;
          break;
        }
        timer?.refresh(); // restart the idle clock (cheaper than a new timer per chunk)
        finishReason = next.value.finishReason ?? finishReason;
        if (next.value.content) yield { type: 'delta', text: next.value.content };
      }
      if (signal.aborted) return;
      if (timedOut) throw new AnswerInterrupted(timedOut);
      if (!finishReason) throw new AnswerInterrupted('the model closed the stream before finishing');
      if (finishReason === 'length') yield { type: 'note', text: 'The answer reached the model’s length limit.' };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stopUpstream);
      // Closes the request on every other way out. Not after a stream read to its end: an abort there
      // closes nothing but still makes an AbortError (a stack trace) and dispatches it, about 40 us of
      // CPU per answer in the accept profile (100 one-token answers at once), for nothing.
      if (!readToEnd) upstream.abort();
    }
  };
}
