import { describe, expect, it } from 'vitest';
import { briefLookup } from './brief-lookup.ts';

describe('briefLookup', () => {
  it('asks once for concurrent callers, reuses the answer until it expires, and never keeps "could not say"', async () => {
    const asked: string[] = [];
    let answer: string | undefined = 'annual';
    const lookup = briefLookup(
      async (key) => {
        asked.push(key);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return answer;
      },
      { ttlMs: 40, maxEntries: 10 },
    );
    expect(await Promise.all([lookup('a'), lookup('a'), lookup('b')])).toEqual(['annual', 'annual', 'annual']);
    expect(asked).toEqual(['a', 'b']);
    expect(await lookup('a')).toBe('annual');
    expect(asked).toEqual(['a', 'b']);

    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = undefined;
    expect(await lookup('a')).toBeUndefined();
    expect(await lookup('a')).toBeUndefined();
    expect(asked).toEqual(['a', 'b', 'a', 'a']);
  });

  it('forgets everything rather than grow past maxEntries', async () => {
    const asked: string[] = [];
    const lookup = briefLookup(async (key) => (asked.push(key), key), { ttlMs: 60_000, maxEntries: 2 });
    await lookup('a');
    await lookup('b');
    await lookup('c'); // the cache was full: cleared, then c kept
    await lookup('a');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
