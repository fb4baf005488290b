// An OpenAI-compatible server of our own, speaking POST /v1/chat/completions, for the LLM tests.
import http from 'node:http';
import { listenOnLoopback } from '@keisha/service-kit/testing';

export type FakeMode = 'normal' | 'malformed' | 'rate-limited' | 'error' | 'slow' | 'no-json-schema' | 'unreachable';

export interface FakeOpenAi {
  url: string;
  mode: FakeMode;
  requests: Array<{ body: any; authorization?: string }>;
  close(): Promise<void>;
}

/** The model's answer: always the same, or chosen from the user's message (the article). */
export type FakeAnswer = object | ((article: string) => object);

export async function startFakeOpenAi(answer: FakeAnswer): Promise<FakeOpenAi> {
  const answerTo = (body: any): object => {
    if (typeof answer !== 'function') return answer;
    const user = (body.messages ?? []).find((m: { role: string }) => m.role === 'user');
    return answer(String(user?.content ?? ''));
  };
  const state: FakeOpenAi = { url: '', mode: 'normal', requests: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      state.requests.push({ body, authorization: req.headers.authorization });
      const send = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
      const completion = (content: string) => ({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      });
      switch (state.mode) {
        case 'normal':
          return send(200, completion(JSON.stringify(answerTo(body))));
        case 'no-json-schema':
          if (body.response_format?.type === 'json_schema') return send(400, { error: { message: 'response_format json_schema is not supported', type: 'invalid_request_error' } });
          return send(200, completion(JSON.stringify(answerTo(body))));
        case 'malformed':
          return send(200, completion('Sure! Here is the analysis: {score: high'));
        case 'rate-limited':
          return send(429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } });
        case 'error':
          return send(500, { error: { message: 'upstream exploded', type: 'server_error' } });
        case 'slow':
          return; // never answers; the client's budget must end it
        case 'unreachable':
          req.socket.destroy(); // the connection drops with no answer, as a server that went away
          return;
      }
    });
  });
  const listening = await listenOnLoopback(server);
  state.url = `${listening.origin}/v1`;
  state.close = listening.close;
  return state;
}
