// Whether the reader who asked for an analysis is still there (issue 29, item 3). The rule: an analysis is charged
// when its result was produced for a reader still waiting for it; one whose reader went away before that (closed the
// tab, aborted the request, lost the connection) is given back, or never taken, and work not started for it is
// dropped. Once the result is produced and the reader is still connected, it is charged even if the connection breaks
// while the answer is sent (for an account it is in their history by then).
//
// The sign is the response's 'close' before it ended (the reliable one, see FIELD-NOTES). An analysis made in place
// holds the event loop, so the close is seen only after it: `leftBeforeResult` lets the loop read its sockets once
// before deciding.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DECODER_ERRORS } from '@keisha/contracts/decoder';

/** Why an analysis was abandoned: the reader closed the request before its answer. */
export class ReaderGone extends Error {
  constructor() {
    super('the reader closed the request before the analysis was answered');
    this.name = 'ReaderGone';
  }
}

const signals = new WeakMap<FastifyRequest, AbortSignal>();

/** An onRequest hook: starts watching the request's connection before its body is read. */
export async function watchReader(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const controller = new AbortController();
  const gone = () => {
    if (!reply.raw.writableEnded) controller.abort(new ReaderGone());
  };
  reply.raw.once('close', gone);
  if (request.raw.socket?.destroyed) gone();
  signals.set(request, controller.signal);
}

/** Aborts when the reader went away (never, for a request that was not watched). */
export function readerGoneSignal(request: FastifyRequest): AbortSignal {
  let signal = signals.get(request);
  if (!signal) signals.set(request, (signal = new AbortController().signal));
  if (!signal.aborted && request.raw.socket?.destroyed) {
    // Closed before the hook could listen (or the hook was not registered): the socket says so.
    const controller = new AbortController();
    controller.abort(new ReaderGone());
    signals.set(request, (signal = controller.signal));
  }
  return signal;
}

/** After the work: lets the event loop see a close that came while it ran, then says whether the reader left. */
export async function leftBeforeResult(request: FastifyRequest): Promise<boolean> {
  await nextTurn();
  return readerGoneSignal(request).aborted;
}

/**
 * The answer to a reader who is no longer there (nobody reads it; it names what happened in logs and metrics):
 * 499, as proxies log a request the client closed.
 */
export function abandoned(reply: FastifyReply): FastifyReply {
  return reply.status(499).send({
    success: false as const,
    error: { code: DECODER_ERRORS.readerGone, message: 'The request was closed before its analysis was ready; nothing was counted.' },
  });
}
