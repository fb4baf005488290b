// An OpenAI-compatible server of our own (POST /v1/chat/completions) that can be made to fail as real
// ones do: refuse connections (nothing listens on its port), hang (headers never come), answer
// malformed JSON, or answer 429. It answers the decoder (one JSON completion) and the chat (a stream).
import http from 'node:http';
import type { Socket } from 'node:net';

export type LlmFault = 'refuse' | 'hang' | 'malformed' | 'rate-limited';
/** `slow`: the chat's stream sends one word every 500 ms (an answer to cut off mid-stream). */
export type LlmMode = 'normal' | 'slow' | LlmFault;

export interface FakeLlm {
  /** The base URL to give as OPENAI_BASE_URL (it stays the same while the server refuses). */
  url: string;
  readonly mode: LlmMode;
  setMode(mode: LlmMode): Promise<void>;
  /** Completions asked for since the start. */
  readonly requests: number;
  close(): Promise<void>;
}

const ANALYSIS = {
  score: 40,
  summary: 'The fake model read the article and found its framing mostly neutral.',
  translation: 'The article, in plain words.',
  terms: [],
};
const CHAT_WORDS = ['Hello ', 'from ', 'the ', 'fake ', 'model.'];

function completion(model: string, content: string) {
  return { id: 'chatcmpl-faults', object: 'chat.completion', created: 0, model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] };
}

function chunk(model: string, delta: object, finish: string | null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-faults', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

export async function startFakeLlm(port: number): Promise<FakeLlm> {
  let mode: LlmMode = 'normal';
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (data) => (raw += data));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      requests++;
      const body = JSON.parse(raw || '{}') as { model?: string; stream?: boolean };
      const model = body.model ?? 'fake';
      const json = (status: number, payload: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      switch (mode) {
        case 'hang':
          return; // the caller's own budget must end it
        case 'rate-limited':
          return json(429, { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } });
        case 'malformed':
          if (body.stream) {
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            return res.end('data: {"choices": [{"delta": {"content": "Hel\n\n');
          }
          return json(200, completion(model, '{"score": 40, "summary": "unfinished'));
        case 'slow':
          if (body.stream) {
            res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
            res.write(chunk(model, { role: 'assistant', content: '' }, null));
            let sent = 0;
            const timer = setInterval(() => {
              if (res.destroyed || sent >= 20) {
                clearInterval(timer);
                if (!res.destroyed) res.end(chunk(model, {}, 'stop') + 'data: [DONE]\n\n');
                return;
              }
              res.write(chunk(model, { content: `word${sent++} ` }, null));
            }, 500);
            res.once('close', () => clearInterval(timer));
            return;
          }
          return json(200, completion(model, JSON.stringify(ANALYSIS)));
        default:
          if (!body.stream) return json(200, completion(model, JSON.stringify(ANALYSIS)));
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.end(
            chunk(model, { role: 'assistant', content: '' }, null) +
              CHAT_WORDS.map((word) => chunk(model, { content: word }, null)).join('') +
              chunk(model, {}, 'stop') +
              'data: [DONE]\n\n',
          );
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const listen = () => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const unlisten = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen();

  return {
    url: `http://127.0.0.1:${port}/v1`,
    get mode() {
      return mode;
    },
    get requests() {
      return requests;
    },
    async setMode(next) {
      if (next === mode) return;
      if (next === 'refuse') await unlisten();
      if (mode === 'refuse') await listen();
      // Requests left hanging would otherwise hold their sockets open past the fault.
      if (mode === 'hang') for (const socket of sockets) socket.destroy();
      mode = next;
    },
    close: async () => {
      if (mode !== 'refuse') await unlisten();
    },
  };
}
