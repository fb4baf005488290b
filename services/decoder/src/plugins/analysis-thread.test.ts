// The threaded embedded engine: the same outcome as in place, the event loop free while a long analysis runs,
// a batch judged by its total, and a stopped thread's analyses rejected, not lost in silence.
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisAbandoned, threadedEmbeddedEngine, type ThreadedEngineOptions, type ThreadedEngine } from './analysis-thread.ts';
import { embeddedOutcome } from './embedded-engine.ts';

const PARAGRAPH =
  'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood. ' +
  'The mayor described the protesters as thugs, while residents said the police response was a disgrace.\n\n';
const LONG = PARAGRAPH.repeat(Math.ceil(200_000 / PARAGRAPH.length)).slice(0, 200_000);

/** The outcome, and whether a timer got its turn before it: it cannot when the analysis holds the event loop. */
async function timed(run: () => Promise<unknown>): Promise<{ outcome: unknown; loopWasFree: boolean }> {
  let loopWasFree = false;
  const timer = setTimeout(() => (loopWasFree = true), 0);
  const outcome = await run();
  clearTimeout(timer);
  return { outcome, loopWasFree };
}

describe('threadedEmbeddedEngine', () => {
  const engines: ThreadedEngine[] = [];
  const make = (fromChars: number, options: Omit<ThreadedEngineOptions, 'fromChars'> = {}) => {
    const made = threadedEmbeddedEngine({ fromChars, ...options });
    engines.push(made);
    return made;
  };
  afterEach(async () => {
    for (const made of engines.splice(0)) await made.close();
  });

  it('analyses a long article on its thread, with the outcome it has in place, while the event loop goes on', async () => {
    const threaded = make(20_000);
    const expected = embeddedOutcome(LONG);
    expect(expected.analysis.detected_terms.length).toBeGreaterThan(0);
    const offThread = await timed(() => threaded.engine(LONG));
    expect(offThread.outcome).toEqual(expected);
    expect(offThread.loopWasFree).toBe(true);
    expect(threaded.sent).toBe(1);

    // The same article with the thread turned off holds the loop for its whole analysis.
    const inPlace = await timed(() => make(0).engine(LONG));
    expect(inPlace.outcome).toEqual(expected);
    expect(inPlace.loopWasFree).toBe(false);
  });

  it('keeps short work in place and sends a batch by its total length, answered in its order', async () => {
    const threaded = make(20_000);
    const short = PARAGRAPH.repeat(3);
    expect(await threaded.engine(short)).toEqual(embeddedOutcome(short));
    expect(threaded.sent).toBe(0);
    const few = ['A quiet council meeting on Tuesday.', short];
    expect(await threaded.engine.many!(few)).toEqual(few.map(embeddedOutcome));
    expect(threaded.sent).toBe(0);
    // Fifty articles of about 4,000 characters: each short, the batch as long as an article at the limit.
    const batch = Array.from({ length: 50 }, (_, i) => (i % 2 ? PARAGRAPH.repeat(16) : `Residents gathered downtown on day ${i}. ${PARAGRAPH.repeat(16)}`));
    const { outcome, loopWasFree } = await timed(() => threaded.engine.many!(batch));
    expect(outcome).toEqual(batch.map(embeddedOutcome));
    expect(loopWasFree).toBe(true);
    expect(threaded.sent).toBe(50);
  });

  it('rejects the analyses in flight when the thread is stopped, and starts a new thread for the next', async () => {
    const threaded = make(1_000);
    const inFlight = threaded.engine(LONG);
    await threaded.close();
    await expect(inFlight).rejects.toThrow(/analysis thread stopped/);
    expect(await threaded.engine(PARAGRAPH.repeat(10))).toEqual(embeddedOutcome(PARAGRAPH.repeat(10)));
    expect(threaded.sent).toBe(2);
  });

  // Issue 29, item 2: first come, first served made a reader's article wait behind every batch sent before it.
  it('answers another account’s article before a batch sent ahead of it is done, one thread or two', async () => {
    for (const threads of [1, 2]) {
      const threaded = make(20_000, { threads, perAccount: 1 });
      // Threads start when first needed; both are started first, so that the race below is between the
      // batch and the article, not between the batch and a thread still loading the analyzer (its word
      // table takes up to a second to read; on a quick machine the whole batch was done before that).
      const warm = LONG.slice(0, 21_000);
      await Promise.all([threaded.engine(warm, { account: 'user:W1' }), threaded.engine(warm, { account: 'user:W2' })]);
      const batch = Array.from({ length: 24 }, (_, i) => `Story ${i}. ${LONG.slice(0, 30_000)}`);
      const ended: string[] = [];
      const batchDone = threaded.engine.many!(batch, { account: 'user:A' }).then(() => ended.push('batch'));
      const articleDone = threaded.engine(LONG.slice(0, 31_000), { account: 'user:B' }).then((outcome) => {
        ended.push('article');
        return outcome;
      });
      expect(await articleDone).toEqual(embeddedOutcome(LONG.slice(0, 31_000)));
      await batchDone;
      expect(ended).toEqual(['article', 'batch']);
      // With two threads, A held one at most: B's article never waited for a piece of the batch to end.
      // (Two warm-up articles, then 24 pieces and the article.)
      expect(threaded.sent).toBe(2 + 25);
    }
  }, 60_000);

  it('drops the waiting pieces of a reader who went away, and answers the others', async () => {
    const threaded = make(1_000, { threads: 1 });
    const controller = new AbortController();
    const batch = Array.from({ length: 20 }, (_, i) => `Story ${i}. ${LONG.slice(0, 30_000)}`);
    const abandoned = threaded.engine.many!(batch, { account: 'user:A', signal: controller.signal });
    const other = threaded.engine(LONG.slice(0, 5_000), { account: 'user:B' });
    controller.abort();
    await expect(abandoned).rejects.toBeInstanceOf(AnalysisAbandoned);
    expect(await other).toEqual(embeddedOutcome(LONG.slice(0, 5_000)));
    // The piece already running when the reader left, and B's article: the other 19 never reached a thread.
    expect(threaded.sent).toBe(2);
    expect(threaded.waiting).toBe(0);
    await expect(threaded.engine(LONG, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AnalysisAbandoned);
  });
});
