import { describe, expect, it } from 'vitest';
import { fairShare, piecesOf } from './fair-share.ts';

/** Runs a pool of `threads` over the share: fills free threads, then ends the oldest running piece; the order started. */
function simulate(share: ReturnType<typeof fairShare<string>>, threads: number, steps: number, arrivals: Record<number, Array<[string, string]>> = {}) {
  const running: Array<{ account: string; piece: string }> = [];
  const started: string[] = [];
  for (let step = 0; step < steps; step++) {
    for (const [account, piece] of arrivals[step] ?? []) share.enqueue(account, piece);
    while (running.length < threads) {
      const next = share.take();
      if (!next) break;
      running.push(next);
      started.push(next.piece);
    }
    const done = running.shift();
    if (done) share.finished(done.account);
  }
  return started;
}

describe('fairShare', () => {
  it('serves a reader who arrives behind a long batch after at most one piece of it, not after the whole batch', () => {
    const share = fairShare<string>({ perAccount: 1 });
    for (let i = 1; i <= 10; i++) share.enqueue('A', `a${i}`);
    // One thread; B's article arrives while a1 runs.
    const started = simulate(share, 1, 12, { 1: [['B', 'b1']] });
    expect(started.slice(0, 3)).toEqual(['a1', 'a2', 'b1']);
    expect(started).toHaveLength(11);
  });

  it('keeps an account to its cap, so a thread stays free for the others', () => {
    const share = fairShare<string>({ perAccount: 1 });
    for (let i = 1; i <= 5; i++) share.enqueue('A', `a${i}`);
    expect(share.take()).toEqual({ account: 'A', piece: 'a1' });
    expect(share.take()).toBeUndefined(); // A holds its one thread; the second waits for someone else
    share.enqueue('B', 'b1');
    expect(share.take()).toEqual({ account: 'B', piece: 'b1' });
    expect(share.runningOf('A')).toBe(1);
    share.finished('A');
    expect(share.take()).toEqual({ account: 'A', piece: 'a2' });
  });

  it('takes turns between accounts with work waiting, in the order they came', () => {
    const share = fairShare<string>({ perAccount: 2 });
    for (const [account, n] of [['A', 4], ['B', 2], ['C', 3]] as const) for (let i = 1; i <= n; i++) share.enqueue(account, `${account.toLowerCase()}${i}`);
    expect(simulate(share, 1, 9)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'c3', 'a4']);
    expect(share.waiting).toBe(0);
  });

  it('never starves an account that waits while newcomers keep arriving', () => {
    const share = fairShare<string>({ perAccount: 1 });
    for (let i = 1; i <= 5; i++) share.enqueue('A', `a${i}`);
    // A new account with one piece at every step: as many arrive as the one thread ends.
    const arrivals = Object.fromEntries(Array.from({ length: 30 }, (_, step) => [step, [[`N${step}`, `n${step}`]] as Array<[string, string]>]));
    const started = simulate(share, 1, 30, arrivals);
    // A is served once in every round of the accounts waiting: all its pieces ran (newcomers first would starve it).
    expect(started.filter((piece) => piece.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    const gaps = started.flatMap((piece, i) => (piece.startsWith('a') ? [i] : [])).map((at, i, all) => (i === 0 ? at : at - all[i - 1]! - 1));
    // Between two of A's pieces ran only the accounts that were waiting at its previous turn.
    expect(gaps).toEqual([0, 1, 2, 3, 4]);
  });

  it('drops a piece whose reader went away before it started, and drains everything when closing', () => {
    const share = fairShare<string>({ perAccount: 1 });
    share.enqueue('A', 'a1');
    share.enqueue('B', 'b1');
    share.enqueue('B', 'b2');
    expect(share.remove('B', 'b1')).toBe(true);
    expect(share.remove('B', 'b1')).toBe(false);
    expect(share.waiting).toBe(2);
    expect(share.take()).toEqual({ account: 'A', piece: 'a1' });
    expect(share.take()).toEqual({ account: 'B', piece: 'b2' });
    share.enqueue('A', 'a2');
    share.enqueue('C', 'c1');
    expect(share.take()).toEqual({ account: 'C', piece: 'c1' }); // A is at its cap
    expect(share.drain()).toEqual([{ account: 'A', piece: 'a2' }]);
    expect(share.waiting).toBe(0);
    expect(share.take()).toBeUndefined();
  });
});

describe('piecesOf', () => {
  it('cuts a batch into runs of consecutive articles within the size, a longer article alone', () => {
    expect(piecesOf([10, 10, 10, 10, 10], 25)).toEqual([[0, 1], [2, 3], [4]]);
    expect(piecesOf([5, 100, 5, 5], 20)).toEqual([[0], [1], [2, 3]]);
    expect(piecesOf(Array.from({ length: 50 }, () => 30_000), 40_000)).toHaveLength(50);
    expect(piecesOf([], 10)).toEqual([]);
  });
});
