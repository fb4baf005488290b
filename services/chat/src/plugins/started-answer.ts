// An answer asked of the engine before its reply is accepted. A model takes long to send its first
// token (50 ms for the benchmark's fake, seconds for a real one) and accepting a message takes a
// database commit; asking the model first overlaps the two, so the commit costs the person nothing.
// The engine starts at once (its first `next()` is called here, which sends the upstream request);
// whoever consumes `events` later gets that first event and then the rest, in order. An answer that
// is not wanted after all (the day's limit was reached, the write failed, the history changed) is
// cancelled: its signal aborts, which closes the upstream request without a fallback or a metric.
import { sameTurns } from '../domain/conversation.ts';
import type { AnswerEngine, AnswerEvent, AnswerRequest } from './answer-engine.ts';

export interface StartedAnswer {
  request: AnswerRequest;
  /** performance.now() when the engine was asked. */
  askedAt: number;
  /** Aborts the engine (the person left, the service is closing, or the answer is not wanted). */
  controller: AbortController;
  /** The engine's events from the first; iterate once. */
  events: AsyncIterable<AnswerEvent>;
  /** Stops an answer nobody will read, and lets the engine release what it holds. */
  cancel(reason: string): void;
}

export function startAnswer(engine: AnswerEngine, request: AnswerRequest): StartedAnswer {
  const controller = new AbortController();
  const askedAt = performance.now();
  const iterator = engine(request, controller.signal)[Symbol.asyncIterator]();
  let first: Promise<IteratorResult<AnswerEvent>> | undefined = iterator.next();
  // Observed here so that a cancelled answer's failure is not an unhandled rejection; the consumer sees it too.
  first.catch(() => {});
  const events: AsyncIterable<AnswerEvent> = {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        const pending = first ?? iterator.next();
        first = undefined;
        return pending;
      },
      // A consumer that stops early (the answer's length cap) closes the engine, as `for await` would.
      return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
    }),
  };
  return {
    request,
    askedAt,
    controller,
    events,
    cancel: (reason) => {
      controller.abort(new Error(reason));
      // The generator runs on until it sees the abort; then it is closed.
      const close = () => Promise.resolve(iterator.return?.()).catch(() => {});
      void (first ?? Promise.resolve()).then(close, close);
    },
  };
}

/** Whether an answer started early was asked exactly what the accepted reply asks. */
export function sameRequest(a: AnswerRequest, b: AnswerRequest): boolean {
  return a.systemPrompt === b.systemPrompt && a.question === b.question && a.modelFailure === b.modelFailure && sameTurns(a.history, b.history);
}
