// The embedded analyzer on a thread of its own (analysis-thread.ts starts it): long articles are analysed
// here, so that the service's event loop goes on answering other requests meanwhile.
import { parentPort } from 'node:worker_threads';
import type { AnalysisOutcome } from './analysis-engine.ts';
import { embeddedOutcome } from './embedded-engine.ts';

export interface ThreadRequest {
  id: number;
  text: string;
}

export type ThreadReply = { id: number; outcome: AnalysisOutcome } | { id: number; error: string };

parentPort?.on('message', ({ id, text }: ThreadRequest) => {
  let reply: ThreadReply;
  try {
    reply = { id, outcome: embeddedOutcome(text) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
