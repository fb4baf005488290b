// An OpenAI-compatible server of our own, speaking POST /v1/chat/completions with and without
// streaming, for the chat tests and the benchmark. It records every request (body, key, timings) and
// whether the client went away before the answer was complete.
import http from 'node:http';
import { listenOnLoopback } from '@keisha/service-kit/testing';

export type FakeMode =
  /** The answer in chunks, finish_reason stop, then [DONE]. */
  | 'normal'
  /** Three chunks, then an error event in the stream. */
  | 'error-mid-stream'
  /** Three chunks, then the connection is cut. */
  | 'drop-mid-stream'
  /** 429 before any token. */
  | 'rate-limited'
  /** 500 before any token. */
  | 'error'
  /** Never answers: no headers, no tokens. */
  | 'hang'
  /** Headers and two chunks, then silence with the connection open. */
  | 'stall'
  /** A stream with no content at all. */
  | 'empty'
  /** The answer, then the stream closes without finish_reason or [DONE]. */
  | 'no-finish'
  /** The answer with finish_reason length. */
  | 'length';

export interface FakeRequest {
  body: any;
  authorization?: string;
  /** performance.now() when the request body had arrived. */
  receivedAt: number;
  firstChunkAt?: number;
  lastChunkAt?: number;
  /** performance.now() when each content chunk was written. */
  chunkTimes: number[];
  chunksSent: number;
  /** The fake finished its answer (or error) normally. */
  finished: boolean;
  /** The client closed the connection before the fake finished. */
  closedEarly: boolean;
}

export interface FakeOpenAi {
  url: string;
  mode: FakeMode;
  /** The answer text of the normal modes; streamed in `wordsPerChunk` words per chunk. */
  answer: string;
  wordsPerChunk: number;
  /** Pause before the first content chunk and between chunks, in ms. */
  firstChunkDelayMs: number;
  chunkDelayMs: number;
  requests: FakeRequest[];
  /** Resolves when request `index` has arrived and its connection has closed before the fake finished. */
  closedEarly(index: number, timeoutMs?: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_ANSWER =
  'Racial bias in AI is measurable. Gender Shades found error rates up to 34.7% for darker-skinned women and at most 0.8% for lighter-skinned men.';

function pieces(text: string, wordsPerChunk: number): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) out.push(words.slice(i, i + wordsPerChunk).join(''));
  return out;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const wake of waiters) wake();
  };

  const state: FakeOpenAi = {
    url: '',
    mode: 'normal',
    answer: DEFAULT_ANSWER,
    wordsPerChunk: 1,
    firstChunkDelayMs: 0,
    chunkDelayMs: 0,
    requests: [],
    closedEarly: (index, timeoutMs = 5000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (state.requests[index]?.closedEarly) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`request ${index} was not closed early within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    reset: () => {
      state.mode = 'normal';
      state.answer = DEFAULT_ANSWER;
      state.wordsPerChunk = 1;
      state.firstChunkDelayMs = 0;
      state.chunkDelayMs = 0;
      state.requests.length = 0;
    },
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: any = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        body = { unparsable: raw };
      }
      const record: FakeRequest = {
        body,
        authorization: req.headers.authorization,
        receivedAt: performance.now(),
        chunkTimes: [],
        chunksSent: 0,
        finished: false,
        closedEarly: false,
      };
      state.requests.push(record);
      notify();
      const timers = new Set<NodeJS.Timeout>();
      res.on('close', () => {
        for (const timer of timers) clearTimeout(timer);
        if (!record.finished) {
          record.closedEarly = true;
          notify();
        }
      });
      const later = (ms: number, fn: () => void) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) fn();
        }, ms);
        timers.add(timer);
      };
      const json = (status: number, payload: object) => {
        record.finished = true;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };

      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: 'not found' } });
      const mode = state.mode;
      if (mode === 'rate-limited') return json(429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } });
      if (mode === 'error') return json(500, { error: { message: 'upstream exploded', type: 'server_error' } });
      if (mode === 'hang') return;

      const content = mode === 'empty' ? [] : pieces(state.answer, state.wordsPerChunk);
      if (!body.stream) {
        return json(200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: content.join('') } }],
        });
      }

      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const event = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(event({ role: 'assistant', content: '' }));

      const stopAfter = mode === 'error-mid-stream' || mode === 'drop-mid-stream' ? 3 : mode === 'stall' ? 2 : content.length;
      const send = (i: number) => {
        if (i < Math.min(stopAfter, content.length)) {
          res.write(event({ content: content[i] }));
          record.chunksSent++;
          const now = performance.now();
          record.chunkTimes.push(now);
          record.firstChunkAt ??= now;
          record.lastChunkAt = now;
          return later(state.chunkDelayMs, () => send(i + 1));
        }
        switch (mode) {
          case 'error-mid-stream':
            record.finished = true;
            res.end(`data: ${JSON.stringify({ error: { message: 'upstream exploded mid-stream', type: 'server_error' } })}\n\n`);
            return;
          case 'drop-mid-stream':
            record.finished = true;
            res.socket?.destroy();
            return;
          case 'stall':
            return; // stays open, silent
          case 'no-finish':
            record.finished = true;
            res.end();
            return;
          default:
            record.finished = true;
            res.end(`${event({}, mode === 'length' ? 'length' : 'stop')}data: [DONE]\n\n`);
        }
      };
      later(state.firstChunkDelayMs, () => send(0));
    });
  });
  server.keepAliveTimeout = 60_000;
  const listening = await listenOnLoopback(server);
  state.url = `${listening.origin}/v1`;
  state.close = listening.close;
  return state;
}
