// A streamed Chat Completion from an OpenAI-compatible server (POST {baseURL}/chat/completions with
// `stream: true`), read with undici's `request` and `eventsource-parser`. Measured on this project's
// machine (issue 16), the `openai` client's stream (fetch, web streams and its own line and SSE
// decoders) spent about 45 µs of CPU per relayed chunk and this reader about 20 µs: with a hundred
// answers streaming at once that is the difference between a saturated process and a busy one.
// No retries, no timeouts here: the engine (llm-engine.ts) owns both.
import { createParser } from 'eventsource-parser';
import { request } from 'undici';

/** What went wrong, in words a person can read in the answer's note. */
export type CompletionFailure =
  /** The server answered with an HTTP error (`status`). */
  | 'status'
  /** No connection, or none that answered. */
  | 'unreachable'
  /** An event whose data is not JSON. */
  | 'malformed'
  /** The server sent an error inside the stream. */
  | 'reported'
  /** The connection broke while the answer was streaming. */
  | 'lost';

export class CompletionError extends Error {
  readonly kind: CompletionFailure;
  readonly status?: number;
  constructor(kind: CompletionFailure, options: { status?: number; cause?: unknown } = {}) {
    super(describe(kind, options.status), { cause: options.cause });
    this.name = 'CompletionError';
    this.kind = kind;
    this.status = options.status;
  }
}

function describe(kind: CompletionFailure, status?: number): string {
  switch (kind) {
    case 'status':
      return `it answered ${status}`;
    case 'unreachable':
      return 'it could not be reached';
    case 'malformed':
      return 'it sent a malformed stream';
    case 'reported':
      return 'it reported an error';
    case 'lost':
      return 'the connection to it was lost';
  }
}

/** One chunk of the answer: a piece of text, and the finish reason on the last. */
export interface CompletionChunk {
  content: string | undefined;
  finishReason: string | null;
}

export interface CompletionSettings {
  /** Defaults to OpenAI's own API, as the openai client does. */
  baseURL?: string;
  apiKey: string;
}

export interface CompletionRequest {
  model: string;
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
  max_tokens?: number;
}

export function completionStreams(settings: CompletionSettings) {
  const url = `${(settings.baseURL ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/chat/completions`;
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${settings.apiKey}` };

  /**
   * Sends the request; resolves when the server has answered 200 with the chunks to read (in order),
   * else throws a CompletionError. `signal` closes the request at any point: the reading then ends
   * with the signal's error, which the caller recognises by `signal.aborted`.
   */
  return async function open(body: CompletionRequest, signal: AbortSignal): Promise<AsyncIterable<CompletionChunk>> {
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, { method: 'POST', headers, body: JSON.stringify({ ...body, stream: true }), signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new CompletionError('unreachable', { cause: error });
    }
    if (response.statusCode !== 200) {
      await response.body.dump().catch(() => {});
      throw new CompletionError('status', { status: response.statusCode });
    }
    return chunksOf(response.body, signal);
  };
}

async function* chunksOf(body: AsyncIterable<Buffer> & { destroy(): unknown }, signal: AbortSignal): AsyncGenerator<CompletionChunk> {
  const decoder = new TextDecoder();
  // The parser calls back synchronously while a network read is fed to it; what it found is then yielded.
  let found: CompletionChunk[] = [];
  let done = false;
  let failure: CompletionError | undefined;
  const parser = createParser({
    onEvent: (event) => {
      if (done || failure) return;
      if (event.data === '[DONE]') {
        done = true;
        return;
      }
      let json: { error?: unknown; choices?: Array<{ delta?: { content?: unknown }; finish_reason?: string | null }> };
      try {
        json = JSON.parse(event.data);
      } catch (error) {
        failure = new CompletionError('malformed', { cause: error });
        return;
      }
      if (event.event === 'error' || (json !== null && typeof json === 'object' && json.error)) {
        failure = new CompletionError('reported', { cause: json?.error });
        return;
      }
      const choice = json?.choices?.[0];
      const content = choice?.delta?.content;
      found.push({ content: typeof content === 'string' ? content : undefined, finishReason: choice?.finish_reason ?? null });
    },
  });
  let ended = false;
  try {
    // Read to the end of the body even after [DONE] (normally nothing more): a connection read to its
    // end goes back to undici's pool for the next answer.
    for await (const bytes of body) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      const chunks = found;
      found = [];
      for (const chunk of chunks) yield chunk;
      if (failure) throw failure;
    }
    ended = true;
  } catch (error) {
    if (error instanceof CompletionError || signal.aborted) throw error;
    throw new CompletionError('lost', { cause: error });
  } finally {
    if (!ended) body.destroy(); // closes the request on every other way out (an error, a stop, the length cap)
  }
}
