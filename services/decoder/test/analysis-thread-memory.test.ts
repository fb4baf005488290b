// Long articles on the analysis threads, over real HTTP (see api-keys-fixture.ts): an article within the documented
// length never runs a thread out of its heap, however many distinct ones came before it; a thread that does die fails
// only the article that killed it (tried once more, charged once), and a batch answers each article for itself.
// The threads' heaps are made small here, so that an out-of-memory is reached without sending hundreds of MB.
import { describe, expect, it } from 'vitest';
import type { IdentityProcess } from '@keisha/service-kit/testing';
import { apiKeyServices, targets } from './api-keys-fixture.ts';
import { AnalysisThreadDied, threadedEmbeddedEngine } from '../src/plugins/analysis-thread.ts';

const TERMS = ['thugs,', 'inner-city', 'illegal', 'aliens,', 'welfare', 'queens,', 'urban', 'unrest,', 'the', 'mob', 'rioted', 'again', 'looting', 'ghetto'];

/** The attack's article: coded terms and commas, no sentence end, distinct for each `n`, `chars` long. */
function termList(n: number, chars: number): string {
  const words: string[] = [`Report ${n}`];
  let length = 0;
  for (let i = 0, x = n * 7919 + 1; length < chars; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const word = i % 97 === 0 ? `w${n}x${i}` : TERMS[x % TERMS.length]!;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, chars);
}

const NEWS = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood. ';
const news = (n: number, chars: number) => `Story ${n}. ${NEWS.repeat(Math.ceil(chars / NEWS.length))}`.slice(0, chars);

describe.each(targets)('long articles on the analysis threads on $kind', (target) => {
  let identity: IdentityProcess;
  const { decoder, createKey, listKeys, analyse, batch, freshAdmin } = apiKeyServices('thread_memory', target, (started) => ({ identity } = started));
  const usedToday = async (ctx: Awaited<ReturnType<typeof decoder>>, admin: string, id: string) =>
    (await listKeys(ctx, admin)).keys.find((k: { id: string }) => k.id === id).used_today;

  // Before: every window of the translation's tagger was kept, up to 256, whatever its length; a text without a sentence
  // end is one window, so each such article of 199,000 characters kept about 10 MB on the thread, and tagging it
  // whole took 16-20 s and up to 90 MB. The sixth of them ran a 128 MB thread out of memory (503 ANALYSIS_FAILED); on 96 MB, the first.
  it('analyses distinct articles of 199,000 characters without a sentence end one after another, on one thread', async () => {
    const threaded = threadedEmbeddedEngine({ fromChars: 20_000, threads: 1, heapMb: 96 });
    try {
      const ctx = await decoder({}, threaded.engine);
      const admin = await freshAdmin();
      const { secret, key } = await (await createKey(ctx, admin, 'long')).json();
      for (let n = 0; n < 4; n++) {
        const response = await analyse(ctx, secret, { text: termList(n, 199_000) });
        expect(response.status, `article ${n}`).toBe(200);
        expect((await response.json()).analysis.detected_terms.length).toBeGreaterThan(0);
      }
      expect(threaded.started).toBe(1); // no thread died
      expect(await usedToday(ctx, admin, key.id)).toBe(4);
    } finally {
      await threaded.close();
    }
  }, 240_000);
});

// A thread that dies, at the engine: no route accepts an article that needs more than a thread's default heap (that is
// the point of the change), so the article that kills one here is 4,000,000 characters, far past any heap margin, on
// threads of 64 MB, where news articles of 30,000 characters need under 50 (scripts/bench-thread-memory.ts).
describe('an analysis thread that runs out of memory', () => {
  it('fails only the article that killed it, after a second try on a fresh thread, and answers its batch and the queue', async () => {
    const threaded = threadedEmbeddedEngine({ fromChars: 1_000, threads: 1, heapMb: 64 });
    try {
      const killer = termList(1, 4_000_000);
      // Pieces: the killer alone, the first story alone, the other two together.
      const batch = threaded.engine.many!([killer, news(1, 30_000), news(2, 30_000), news(3, 2_000)], { account: 'user:batch' });
      // Another account's article, queued while the batch holds the only thread.
      while (threaded.sent === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const queued = threaded.engine(news(4, 25_000), { account: 'user:queued' });
      const outcomes = await batch;
      // Nothing of the batch still waits or runs once it is answered.
      expect(threaded.waiting).toBe(0);
      expect(outcomes[0]).toBeInstanceOf(AnalysisThreadDied);
      for (const outcome of outcomes.slice(1)) {
        expect(outcome).not.toBeInstanceOf(Error);
        expect((outcome as { analysis: { detected_terms: unknown[] } }).analysis.detected_terms.length).toBeGreaterThan(0);
      }
      expect((await queued).analysis.score).toEqual(expect.any(Number));
      expect(threaded.started).toBeGreaterThanOrEqual(2); // the killer's second try was on a fresh thread

      // The same article alone fails the same way; the account's next article is answered.
      const started = threaded.started;
      await expect(threaded.engine(killer, { account: 'user:batch' })).rejects.toBeInstanceOf(AnalysisThreadDied);
      expect(threaded.started).toBeGreaterThan(started);
      expect((await threaded.engine(news(5, 25_000), { account: 'user:batch' })).analysis.score).toEqual(expect.any(Number));
    } finally {
      await threaded.close();
    }
  }, 240_000);
});
