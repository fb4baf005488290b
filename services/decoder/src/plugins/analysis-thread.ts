// The embedded engine as the service runs it: short articles are analysed in place, long ones on worker threads.
// An article at the length limit (200,000 characters) holds a thread for 11-14 ms and a public-API batch at the body
// limit for 34-47 ms; on the event loop every other request to the process would wait that long. For short articles
// the hop costs more than it frees (README, decoder performance), hence the threshold.
//
// The threads are shared fairly among accounts (issue 29, item 2): work waits in one queue per account
// (domain/fair-share.ts), a batch is cut into pieces of a few articles, a thread runs one piece at a time, and an
// account has at most `perAccount` pieces running. One account's batches then hold at most that many threads,
// and another reader's article waits for the pieces already running, not behind every batch sent before it.
import { Worker } from 'node:worker_threads';
import { fairShare, piecesOf } from '../domain/fair-share.ts';
import type { AnalysisEngine, AnalysisOutcome, AnalysisRequest } from './analysis-engine.ts';
import { embeddedEngine, embeddedOutcome } from './embedded-engine.ts';
import type { ThreadOutcome, ThreadReply, ThreadRequest } from './analysis-thread.worker.ts';

export interface ThreadedEngineOptions {
  /**
   * Work of this many characters or more (an article, or a whole public-API batch through `many`) goes to the threads;
   * 0 keeps every analysis in place. When a thread fails, its piece is rejected and the next piece starts a new one.
   */
  fromChars: number;
  /** Analysis threads (started when first needed). */
  threads?: number;
  /** Pieces of one account running at once; by default all threads but one, so one is always left to the others. */
  perAccount?: number;
  /** The most characters of a piece of a batch (one longer article is a piece alone). */
  pieceChars?: number;
  /** Each thread's heap (V8's old generation), in MB; `THREAD_HEAP_MB` by default. */
  heapMb?: number;
}

export interface ThreadedEngine {
  engine: AnalysisEngine;
  /** Articles sent to the threads so far. */
  readonly sent: number;
  /** Pieces waiting for a thread now (tests, metrics). */
  readonly waiting: number;
  /** Pieces on a thread now (tests, metrics). */
  readonly running: number;
  /** Threads started so far: one more after each that died (tests, metrics). */
  readonly started: number;
  /** Stops the threads (pieces running or waiting are rejected). */
  close(): Promise<void>;
}

/**
 * A runaway analysis ends the thread, not the service: its heap is bounded well above what the longest article needs
 * (a thread with the analyzer loaded holds 36-55 MB; an article of 200,000 characters, even one without a sentence
 * end, analysed with advanced detection, passes in 56-64 MB; docs/decoder.md).
 */
export const THREAD_HEAP_MB = 128;

/** A piece of a batch: about as long as two long news stories, a few milliseconds of a thread. */
export const PIECE_CHARS = 40_000;

/** Work whose requester is unknown shares one queue. */
const NOBODY = 'unknown';

/** An article analysed in place, its failure its own (as on a thread). */
function inPlace(text: string): ArticleOutcome {
  try {
    return embeddedOutcome(text);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** An article's outcome, or the Error it failed with (its piece-mates still have theirs). */
export type ArticleOutcome = AnalysisOutcome | Error;

interface Piece {
  texts: string[];
  tier?: AnalysisRequest['tier'];
  signal?: AbortSignal;
  /** Already run once on a thread that died: a second death fails it. */
  retried?: true;
  resolve: (outcomes: ArticleOutcome[]) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The piece it runs, by request id (one at a time: the queue is the fair share's, not the worker's). */
  running?: { id: number; account: string; piece: Piece };
}

/** Why a piece was not run: its reader went away before a thread took it. */
export class AnalysisAbandoned extends Error {
  constructor() {
    super('the reader went away before the analysis started');
    this.name = 'AnalysisAbandoned';
  }
}

/** Why an article was not analysed: its thread died under it twice (out of memory, most likely). */
export class AnalysisThreadDied extends Error {
  constructor(cause: Error) {
    super(`the analysis thread stopped twice while analysing this article: ${cause.message}`, { cause });
    this.name = 'AnalysisThreadDied';
  }
}

const outcomeOf = (outcome: ThreadOutcome): ArticleOutcome =>
  'error' in outcome ? new Error(`analysis failed on its thread: ${outcome.error}`) : outcome;

export function threadedEmbeddedEngine({ fromChars, threads = 2, perAccount, pieceChars = PIECE_CHARS, heapMb = THREAD_HEAP_MB }: ThreadedEngineOptions): ThreadedEngine {
  const size = Math.max(1, Math.floor(threads));
  const share = fairShare<Piece>({ perAccount: perAccount ?? Math.max(1, size - 1) });
  const pool: Array<Thread | undefined> = new Array(size).fill(undefined);
  let nextId = 0;
  let sent = 0;
  let started = 0;

  const start = (slot: number): Thread => {
    const worker = new Worker(new URL('./analysis-thread.worker.ts', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    worker.unref(); // the service's server keeps the process alive, not these threads
    started++;
    const thread: Thread = { worker };
    const fail = (error: Error) => {
      // A thread still in the pool died by itself (out of memory, most likely); one taken out was stopped by close().
      const died = pool[slot] === thread;
      if (died) pool[slot] = undefined;
      const running = thread.running;
      thread.running = undefined;
      if (running) {
        share.finished(running.account);
        if (died && !running.piece.retried) retry(running.account, running.piece);
        else running.piece.reject(running.piece.retried ? new AnalysisThreadDied(error) : error);
      }
      dispatch();
    };
    worker.on('message', (reply: ThreadReply) => {
      const running = thread.running;
      if (!running || running.id !== reply.id) return;
      thread.running = undefined;
      share.finished(running.account);
      running.piece.resolve(reply.outcomes.map(outcomeOf));
      dispatch();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the analysis thread stopped (exit code ${code})`)));
    return thread;
  };

  /**
   * A piece whose thread died under it runs again on a fresh thread, each of its articles alone, so that the article
   * that ran the thread out of memory fails by itself and its piece-mates are answered. The reader was charged once,
   * by the route, whatever the tries.
   */
  function retry(account: string, piece: Piece): void {
    if (piece.texts.length === 1) {
      share.enqueue(account, { ...piece, retried: true });
      return;
    }
    const outcomes = new Array<ArticleOutcome>(piece.texts.length);
    let left = piece.texts.length;
    const settle = (index: number, outcome: ArticleOutcome) => {
      outcomes[index] = outcome;
      if (--left === 0) piece.resolve(outcomes);
    };
    piece.texts.forEach((text, index) =>
      share.enqueue(account, {
        texts: [text],
        tier: piece.tier,
        signal: piece.signal,
        retried: true,
        resolve: ([outcome]) => settle(index, outcome!),
        reject: (error) => settle(index, error),
      }),
    );
  }

  /** Gives free threads the next pieces, in the accounts' turns. */
  function dispatch(): void {
    for (let slot = 0; slot < size; slot++) {
      if (pool[slot]?.running) continue;
      let next = share.take();
      // A piece whose reader went away after it was queued again (a retry) is dropped, not run.
      while (next?.piece.signal?.aborted) {
        share.finished(next.account);
        next.piece.reject(new AnalysisAbandoned());
        next = share.take();
      }
      if (!next) return;
      const id = nextId++;
      try {
        const thread = (pool[slot] ??= start(slot));
        thread.running = { id, account: next.account, piece: next.piece };
        thread.worker.postMessage({ id, texts: next.piece.texts, tier: next.piece.tier } satisfies ThreadRequest);
        sent += next.piece.texts.length;
      } catch (error) {
        // A thread that cannot start rejects its piece instead of throwing at whoever dispatched.
        share.finished(next.account);
        next.piece.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  /** Queues one piece in the account's share; a reader who goes away takes it out again while it waits. */
  const onThread = (texts: string[], request: AnalysisRequest | undefined): Promise<ArticleOutcome[]> =>
    new Promise((resolve, reject) => {
      const account = request?.account ?? NOBODY;
      const signal = request?.signal;
      if (signal?.aborted) return reject(new AnalysisAbandoned());
      const piece: Piece = { texts, tier: request?.tier, signal, resolve, reject };
      if (signal) {
        const drop = () => {
          if (share.remove(account, piece)) reject(new AnalysisAbandoned());
        };
        signal.addEventListener('abort', drop, { once: true });
        piece.resolve = (outcomes) => (signal.removeEventListener('abort', drop), resolve(outcomes));
        piece.reject = (error) => (signal.removeEventListener('abort', drop), reject(error));
      }
      share.enqueue(account, piece);
      dispatch();
    });

  const long = (chars: number) => fromChars > 0 && chars >= fromChars;

  // Every piece is waited for, failed or not: a failed piece fails its own articles only, and no piece of a batch
  // is still waiting or running once the batch is answered.
  const many = async (texts: string[], request?: AnalysisRequest): Promise<ArticleOutcome[]> => {
    if (!long(texts.reduce((sum, text) => sum + text.length, 0))) return texts.map(inPlace);
    const pieces = piecesOf(texts.map((text) => text.length), pieceChars);
    const settled = await Promise.allSettled(pieces.map((indexes) => onThread(indexes.map((i) => texts[i]!), request)));
    if (request?.signal?.aborted) throw new AnalysisAbandoned();
    return settled.flatMap((piece, p) =>
      piece.status === 'fulfilled' ? piece.value : pieces[p]!.map(() => (piece.reason instanceof Error ? piece.reason : new Error(String(piece.reason)))),
    );
  };
  const one = async (text: string, request?: AnalysisRequest): Promise<AnalysisOutcome> => {
    if (!long(text.length)) return embeddedEngine(text);
    const [outcome] = await onThread([text], request);
    if (outcome instanceof Error) throw outcome;
    return outcome!;
  };
  const engine: AnalysisEngine = Object.assign(one, { many });

  return {
    engine,
    get sent() {
      return sent;
    },
    get waiting() {
      return share.waiting;
    },
    get running() {
      return pool.filter((thread) => thread?.running).length;
    },
    get started() {
      return started;
    },
    async close() {
      // Pieces still waiting are rejected first, so that no thread is started for them; the threads' exits reject
      // the pieces they were running. The next analysis starts a new thread.
      const stopped = new Error('the analysis thread stopped (the engine was closed)');
      for (const { piece } of share.drain()) piece.reject(stopped);
      const stopping = pool.splice(0, size, ...new Array<Thread | undefined>(size).fill(undefined));
      await Promise.all(stopping.map((thread) => thread?.worker.terminate()));
    },
  };
}
