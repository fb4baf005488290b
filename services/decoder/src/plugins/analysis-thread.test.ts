// The threaded embedded engine: the same outcome as in place, the event loop free while a long analysis runs,
// a batch judged by its total, and a stopped thread's analyses rejected, not lost in silence.
import { afterEach, describe, expect, it } from 'vitest';
import { threadedEmbeddedEngine, type ThreadedEngine } from './analysis-thread.ts';
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
  const make = (fromChars: number) => {
    const made = threadedEmbeddedEngine({ fromChars });
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
});
