import { describe, expect, it } from 'vitest';
import { lastKnown, NothingKnown } from './last-known.ts';

// A clock the test moves, and a dependency that answers, fails or hangs on command.
function setup(options: { freshMs?: number; staleMs?: number; quietMs?: number; maxEntries?: number; reusable?: (value: string) => boolean } = {}) {
  let time = 1_000_000;
  let mode: 'answer' | 'fail' | 'hang' = 'answer';
  let version = 1;
  const asked: string[] = [];
  const failures: string[] = [];
  const hanging: Array<(v: string) => void> = [];
  const lookup = lastKnown(
    async (key) => {
      asked.push(key);
      if (mode === 'fail') throw new Error('down');
      if (mode === 'hang') return new Promise<string>((resolve) => hanging.push(resolve));
      return `${key}@${version}`;
    },
    {
      freshMs: options.freshMs ?? 1000,
      staleMs: options.staleMs ?? 60_000,
      quietMs: options.quietMs ?? 5000,
      maxEntries: options.maxEntries ?? 100,
      ...(options.reusable && { reusable: options.reusable }),
      onFailure: (outcome, key) => failures.push(`${outcome}:${key}`),
      now: () => time,
    },
  );
  return {
    lookup,
    asked,
    failures,
    hanging,
    tick: (ms: number) => (time += ms),
    set: (m: typeof mode) => (mode = m),
    bump: () => version++,
  };
}

describe('lastKnown', () => {
  it('reuses an answer while it is fresh, then asks again', async () => {
    const t = setup();
    expect(await t.lookup('a')).toBe('a@1');
    t.bump();
    t.tick(999);
    expect(await t.lookup('a')).toBe('a@1');
    t.tick(2);
    expect(await t.lookup('a')).toBe('a@2');
    expect(t.asked).toEqual(['a', 'a']);
  });

  it('asks again each time for an answer that is not reusable, and still falls back on it when the dependency fails', async () => {
    const t = setup({ reusable: (value) => !value.startsWith('free') });
    expect(await t.lookup('free')).toBe('free@1');
    t.bump();
    expect(await t.lookup('free')).toBe('free@2');
    expect(await t.lookup('paid')).toBe('paid@2');
    expect(await t.lookup('paid')).toBe('paid@2');
    expect(t.asked).toEqual(['free', 'free', 'paid']);
    t.set('fail');
    expect(await t.lookup('free')).toBe('free@2');
    expect(t.failures).toEqual(['stale:free']);
  });

  it('asks once for concurrent lookups of one key', async () => {
    const t = setup();
    const answers = await Promise.all([t.lookup('a'), t.lookup('a'), t.lookup('b')]);
    expect(answers).toEqual(['a@1', 'a@1', 'b@1']);
    expect(t.asked).toEqual(['a', 'b']);
  });

  it('uses the last answer when the dependency fails, and reports it as stale', async () => {
    const t = setup();
    await t.lookup('a');
    t.set('fail');
    t.tick(30_000);
    expect(await t.lookup('a')).toBe('a@1');
    expect(t.failures).toEqual(['stale:a']);
  });

  it('throws NothingKnown when nothing is remembered, or only an answer past staleMs', async () => {
    const t = setup({ staleMs: 10_000 });
    await t.lookup('old');
    t.set('fail');
    await expect(t.lookup('never')).rejects.toBeInstanceOf(NothingKnown);
    t.tick(10_001);
    await expect(t.lookup('old')).rejects.toBeInstanceOf(NothingKnown);
    expect(t.failures).toEqual(['unavailable:never', 'unavailable:old']);
  });

  it('after a failure, answers known keys at once and refreshes them in the background', async () => {
    const t = setup();
    await t.lookup('a');
    t.set('fail');
    t.tick(2000);
    await t.lookup('a'); // fails, marks the dependency as failing
    t.set('hang');
    t.tick(2000);
    // The dependency now hangs: a known key does not wait for it.
    expect(await t.lookup('a')).toBe('a@1');
    expect(t.hanging).toHaveLength(1);
    // The background question answers: the next lookup has the new answer without asking.
    t.bump();
    t.hanging[0]!('a@2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await t.lookup('a')).toBe('a@2');
  });

  it('waits for the dependency again once quietMs has passed since the last failure', async () => {
    const t = setup({ quietMs: 5000 });
    await t.lookup('a');
    t.set('fail');
    t.tick(2000);
    await t.lookup('a');
    t.set('answer');
    t.bump();
    t.tick(5001);
    expect(await t.lookup('a')).toBe('a@2');
  });

  it('keeps at most maxEntries, forgetting the least recently refreshed first', async () => {
    const t = setup({ maxEntries: 2 });
    await t.lookup('a');
    await t.lookup('b');
    t.tick(1001);
    await t.lookup('a'); // refreshed: now the newest
    await t.lookup('c'); // evicts b
    t.set('fail');
    t.tick(1001);
    expect(await t.lookup('a')).toBe('a@1');
    expect(await t.lookup('c')).toBe('c@1');
    await expect(t.lookup('b')).rejects.toBeInstanceOf(NothingKnown);
  });
});
