// The embedded analyzer on a thread of its own (analysis-thread.ts starts it): long articles are analysed
// here, so that the service's event loop goes on answering other requests meanwhile.
import { parentPort } from 'node:worker_threads';
import type { DecoderTier } from '@keisha/contracts/decoder';
import { withAdvanced } from '../domain/advanced/index.ts';
import type { AnalysisOutcome } from './analysis-engine.ts';
import { embeddedOutcome } from './embedded-engine.ts';

/** Articles analysed as one piece of work (one article, or a public-API batch), answered together in their order. */
export interface ThreadRequest {
  id: number;
  texts: string[];
  /** The reader's plan: advanced detection is added here, on the thread, as the route would (domain/advanced). */
  tier?: DecoderTier;
}

export type ThreadReply = { id: number; outcomes: AnalysisOutcome[] } | { id: number; error: string };

parentPort?.on('message', ({ id, texts, tier }: ThreadRequest) => {
  let reply: ThreadReply;
  try {
    reply = { id, outcomes: texts.map((text) => (tier ? withAdvanced(embeddedOutcome(text), text, tier) : embeddedOutcome(text))) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
