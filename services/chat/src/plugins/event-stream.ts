// A server-sent-events response on a POST. Fastify sends the stream (so hooks and headers apply);
// events are written as they happen, a heartbeat keeps idle connections open through proxies, and
// `signal` aborts when the client goes away (reply.raw 'close' before the response ended: the one
// reliable sign on a streamed POST, see FIELD-NOTES).
// The body is a plain Readable that events are pushed into (a PassThrough adds a transform step per
// event), and events sent in one tick (a network read from the model that held several tokens) go out
// as one chunk at the end of that tick: no added wait, fewer writes when the process is busy.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ChatStreamEvent } from '@keisha/contracts/chat';
import { encodeEvent } from '../domain/sse.ts';

/** Aborts when the client disconnects before the response has ended. Register it before any slow work. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('the client disconnected'));
  });
  return controller.signal;
}

export function wantsEventStream(accept: string | undefined): boolean {
  return typeof accept === 'string' && accept.toLowerCase().includes('text/event-stream');
}

export interface EventStream {
  send<E extends ChatStreamEvent>(event: E['event'], data: E['data']): void;
  end(): void;
}

export function openEventStream(reply: FastifyReply, { heartbeatMs }: { heartbeatMs: number }): EventStream {
  const body = new Readable({ read() {} }); // pushed into; the socket's backpressure is not ours to apply to a model
  let pending = '';
  let ended = false;
  const flush = () => {
    if (pending && !body.destroyed) body.push(pending);
    pending = '';
  };
  const write = (chunk: string) => {
    if (ended || body.destroyed) return;
    if (!pending) process.nextTick(flush);
    pending += chunk;
  };
  const heartbeat = setInterval(() => write(encodeEvent('heartbeat', { at: new Date().toISOString() })), heartbeatMs);
  heartbeat.unref();
  const stop = () => clearInterval(heartbeat);
  body.on('close', stop);
  reply.raw.on('close', stop);
  reply
    .status(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body);
  return {
    send: (event, data) => write(encodeEvent(event, data)),
    end: () => {
      stop();
      if (ended) return;
      flush();
      ended = true;
      if (!body.destroyed) body.push(null);
    },
  };
}
