// The group commit's rules over an in-memory writer that keeps the statement's promise (a counter takes
// all of a batch's uses or none): exact quotas in arrival order, failures alone, a hung write not
// blocking the next batch forever. The SQL of each service is tested on real databases in its own suite.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupCommit, writeCounted, type CountedWriter } from './group-commit.ts';

interface Write {
  account: string;
  limit: number | null;
  label: string;
  /** The statement fails when this write is in it. */
  poison?: boolean;
}

function memoryWriter(start: Record<string, number> = {}) {
  const counters = new Map(Object.entries(start));
  const stored: string[] = [];
  const calls: Array<{ kind: 'all' | 'one'; size: number }> = [];
  const writer: CountedWriter<Write, string> = {
    counterOf: (w) => w.account,
    limitOf: (w) => w.limit,
    writeAll: async (batch) => {
      calls.push({ kind: 'all', size: batch.length });
      await Promise.resolve();
      if (batch.some((w) => w.poison)) throw new Error('the statement failed');
      const wanted = new Map<string, { n: number; limit: number | null }>();
      for (const w of batch) {
        const seen = wanted.get(w.account) ?? { n: 0, limit: null };
        seen.n++;
        if (w.limit !== null) seen.limit = seen.limit === null ? w.limit : Math.min(seen.limit, w.limit);
        wanted.set(w.account, seen);
      }
      const counts = new Map<string, number>();
      for (const [account, { n, limit }] of wanted) {
        const used = counters.get(account) ?? 0;
        if (limit !== null && used + n > limit) continue;
        counters.set(account, used + n);
        counts.set(account, used + n);
      }
      const results = batch.map((w) => (counts.has(w.account) ? `stored ${w.label}` : ''));
      for (const w of batch) if (counts.has(w.account)) stored.push(w.label);
      return { counts, results };
    },
    writeOne: async (w) => {
      calls.push({ kind: 'one', size: 1 });
      await Promise.resolve();
      if (w.poison) throw new Error('the statement failed');
      const used = counters.get(w.account) ?? 0;
      if (w.limit !== null && used >= w.limit) return undefined;
      counters.set(w.account, used + 1);
      stored.push(w.label);
      return { used: used + 1, value: `stored ${w.label}` };
    },
  };
  return { writer, counters, stored, calls };
}

describe('writeCounted', () => {
  it('writes groups that fit in one statement and gives each write its place in arrival order', async () => {
    const { writer, calls, counters } = memoryWriter({ b: 5 });
    const writes: Write[] = [
      { account: 'a', limit: 3, label: 'a1' },
      { account: 'b', limit: null, label: 'b1' },
      { account: 'a', limit: 3, label: 'a2' },
      { account: 'b', limit: null, label: 'b2' },
    ];
    expect(await writeCounted(writer, writes)).toEqual([
      { used: 1, value: 'stored a1' },
      { used: 6, value: 'stored b1' },
      { used: 2, value: 'stored a2' },
      { used: 7, value: 'stored b2' },
    ]);
    expect(calls).toEqual([{ kind: 'all', size: 4 }]);
    expect(Object.fromEntries(counters)).toEqual({ a: 2, b: 7 });
  });

  it('writes a group larger than its limit, or refused whole, one by one so exactly the first ones fit', async () => {
    const { writer, stored } = memoryWriter({ full: 2 });
    const writes: Write[] = [
      ...Array.from({ length: 5 }, (_, i): Write => ({ account: 'many', limit: 3, label: `many${i}` })),
      { account: 'full', limit: 3, label: 'full0' },
      { account: 'full', limit: 3, label: 'full1' },
    ];
    const results = await writeCounted(writer, writes);
    expect(results.map((r) => (r instanceof Error ? 'error' : r?.used))).toEqual([1, 2, 3, undefined, undefined, 3, undefined]);
    expect(stored.sort()).toEqual(['full0', 'many0', 'many1', 'many2']);
  });

  it('tries each write alone when the shared statement fails, so only the bad one fails', async () => {
    const { writer } = memoryWriter();
    const results = await writeCounted(writer, [
      { account: 'a', limit: null, label: 'a1' },
      { account: 'b', limit: null, label: 'bad', poison: true },
      { account: 'a', limit: null, label: 'a2' },
    ]);
    expect(results[0]).toEqual({ used: 1, value: 'stored a1' });
    expect(results[1]).toBeInstanceOf(Error);
    expect(results[2]).toEqual({ used: 2, value: 'stored a2' });
  });

  it('never gives an account more than its limit, and gives uses in arrival order, whatever the batch', async () => {
    const write = fc.record({ account: fc.constantFrom('a', 'b', 'c'), limit: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(write, { maxLength: 12 }), { maxLength: 5 }), async (batches) => {
        const { writer, counters } = memoryWriter();
        const given = new Map<string, number[]>();
        for (const batch of batches) {
          const writes = batch.map((w, i): Write => ({ ...w, label: String(i) }));
          const results = await writeCounted(writer, writes);
          results.forEach((r, i) => {
            expect(r).not.toBeInstanceOf(Error);
            if (r && !(r instanceof Error)) {
              const limit = writes[i]!.limit;
              if (limit !== null) expect(r.used).toBeLessThanOrEqual(limit);
              given.set(writes[i]!.account, [...(given.get(writes[i]!.account) ?? []), r.used]);
            }
          });
        }
        // Each account's uses are 1, 2, 3... once each: none lost, none given twice.
        for (const [account, uses] of given) {
          expect(uses).toEqual(Array.from({ length: uses.length }, (_, i) => i + 1));
          expect(counters.get(account)).toBe(uses.length);
        }
      }),
    );
  });
});

describe('groupCommit', () => {
  it('writes requests that arrive while a write is under way together in the next batch', async () => {
    const { writer, calls } = memoryWriter();
    const write = groupCommit(writer, { concurrency: 1 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => write({ account: 'a', limit: null, label: String(i) })));
    expect(results.map((r) => r?.used).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(calls.length).toBeLessThan(20);
    expect(calls.some((call) => call.kind === 'all' && call.size > 1)).toBe(true);
  });

  it('stops waiting for a hung write after maxWaitMs', async () => {
    let release: () => void = () => {};
    const { writer } = memoryWriter();
    const hanging: CountedWriter<Write, string> = {
      ...writer,
      writeOne: async (w) => {
        if (w.label === 'hang') await new Promise<void>((resolve) => (release = resolve));
        return writer.writeOne(w);
      },
    };
    const write = groupCommit(hanging, { concurrency: 1, maxWaitMs: 50 });
    const stuck = write({ account: 'a', limit: null, label: 'hang' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    expect(await write({ account: 'b', limit: null, label: 'next' })).toEqual({ used: 1, value: 'stored next' });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(40);
    expect(waited).toBeLessThan(1000);
    release();
    expect(await stuck).toEqual({ used: 1, value: 'stored hang' });
  });
});
