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

/** An article's outcome, or why it failed: one article's failure is its own, not its piece's. */
export type ThreadOutcome = AnalysisOutcome | { error: string };

export interface ThreadReply {
  id: number;
  outcomes: ThreadOutcome[];
}

function outcomeOf(text: string, tier: DecoderTier | undefined): ThreadOutcome {
  try {
    return tier ? withAdvanced(embeddedOutcome(text), text, tier) : embeddedOutcome(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', ({ id, texts, tier }: ThreadRequest) => {
  parentPort!.postMessage({ id, outcomes: texts.map((text) => outcomeOf(text, tier)) } satisfies ThreadReply);
});
