// The embedded engine as the service runs it: short articles are analysed in place, long ones on a worker
// thread. An article at the length limit (200,000 characters) holds a thread for 11-14 ms and a public-API batch
// at the body limit for 34-47 ms; on the event loop every other request to the process would wait that long.
// For short articles the hop costs more than it frees (README, decoder performance), hence the threshold.
import { Worker } from 'node:worker_threads';
import type { AnalysisEngine, AnalysisOutcome } from './analysis-engine.ts';
import { embeddedEngine, embeddedOutcome } from './embedded-engine.ts';
import type { ThreadReply, ThreadRequest } from './analysis-thread.worker.ts';

export interface ThreadedEngineOptions {
  /**
   * Work of this many characters or more (an article, or a whole public-API batch through `many`) goes to the thread; 0 keeps
   * every analysis in place. When the thread fails, its analyses in flight are rejected and the next starts a new one.
   */
  fromChars: number;
}

export interface ThreadedEngine {
  engine: AnalysisEngine;
  /** Analyses sent to the thread so far. */
  readonly sent: number;
  /** Stops the thread (analyses still on it are rejected). */
  close(): Promise<void>;
}

/** A runaway analysis ends the thread, not the service: its heap is bounded well above what the longest article needs. */
const THREAD_HEAP_MB = 128;

interface Thread {
  worker: Worker;
  /** Its analyses in flight, by request id. */
  pending: Map<number, { resolve: (outcomes: AnalysisOutcome[]) => void; reject: (error: Error) => void }>;
}

export function threadedEmbeddedEngine({ fromChars }: ThreadedEngineOptions): ThreadedEngine {
  let current: Thread | undefined;
  let nextId = 0;
  let sent = 0;

  const start = (): Thread => {
    const worker = new Worker(new URL('./analysis-thread.worker.ts', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    worker.unref(); // the service's server keeps the process alive, not this thread
    const thread: Thread = { worker, pending: new Map() };
    const fail = (error: Error) => {
      if (current === thread) current = undefined;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('message', (reply: ThreadReply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if ('outcomes' in reply) waiting.resolve(reply.outcomes);
      else waiting.reject(new Error(`analysis failed on its thread: ${reply.error}`));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the analysis thread stopped (exit code ${code})`)));
    return thread;
  };

  // Inside the promise, so that a thread that cannot start rejects the analysis instead of throwing at the caller.
  const onThread = (texts: string[]): Promise<AnalysisOutcome[]> =>
    new Promise((resolve, reject) => {
      const thread = (current ??= start());
      const id = nextId++;
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, texts } satisfies ThreadRequest);
      sent += texts.length;
    });
  const long = (chars: number) => fromChars > 0 && chars >= fromChars;

  const engine: AnalysisEngine = Object.assign((text: string) => (long(text.length) ? onThread([text]).then((outcomes) => outcomes[0]!) : embeddedEngine(text)), {
    many: async (texts: string[]) => (long(texts.reduce((sum, text) => sum + text.length, 0)) ? onThread(texts) : texts.map(embeddedOutcome)),
  });

  return {
    engine,
    get sent() {
      return sent;
    },
    async close() {
      const thread = current;
      current = undefined;
      await thread?.worker.terminate(); // its exit rejects what was still in flight
    },
  };
}
