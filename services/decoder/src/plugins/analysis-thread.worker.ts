// The embedded analyzer on a thread of its own (analysis-thread.ts starts it): long articles are analysed
// here, so that the service's event loop goes on answering other requests meanwhile.
import { parentPort } from 'node:worker_threads';
import type { AnalysisOutcome } from './analysis-engine.ts';
import { embeddedOutcome } from './embedded-engine.ts';

/** Articles analysed as one piece of work (one article, or a public-API batch), answered together in their order. */
export interface ThreadRequest {
  id: number;
  texts: string[];
}

export type ThreadReply = { id: number; outcomes: AnalysisOutcome[] } | { id: number; error: string };

parentPort?.on('message', ({ id, texts }: ThreadRequest) => {
  let reply: ThreadReply;
  try {
    reply = { id, outcomes: texts.map(embeddedOutcome) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
