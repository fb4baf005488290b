// A fair share of the analysis threads among accounts (issue 29, item 2). Work waits here, not in a thread's
// message queue, in one queue per account; a free thread takes the next piece of work round robin over the
// accounts that have some, skipping an account that already has `perAccount` pieces running. So an account that
// sends batch after batch holds at most `perAccount` threads, and another reader's analysis waits at most for the
// pieces already running, never behind the batches queued before it (first come, first served made a reader's
// 31,000-character article wait 4 s behind four batches of 1.5 MB: README, fairness). Pure logic: the pool that
// runs the pieces is plugins/analysis-thread.ts.

export interface FairShareOptions {
  /** Pieces of one account running at the same time, at most (at least 1). */
  perAccount: number;
}

interface AccountQueue<T> {
  waiting: T[];
  running: number;
}

export interface FairShare<T> {
  /** Queues a piece of `account`'s work. */
  enqueue(account: string, piece: T): void;
  /** Takes a piece out of its queue before it started (its request went away): true when it was still waiting. */
  remove(account: string, piece: T): boolean;
  /** The piece a free thread runs next, or undefined when every account with work is at its cap (or none has any). */
  take(): { account: string; piece: T } | undefined;
  /** One of `account`'s running pieces ended (answered, failed or abandoned). */
  finished(account: string): void;
  /** Takes every waiting piece out of its queue (the pool is closing), whatever the caps. */
  drain(): Array<{ account: string; piece: T }>;
  /** Pieces waiting, over all accounts. */
  readonly waiting: number;
  /** Pieces of `account` running now. */
  runningOf(account: string): number;
}

export function fairShare<T>({ perAccount }: FairShareOptions): FairShare<T> {
  const cap = Math.max(1, Math.floor(perAccount));
  const accounts = new Map<string, AccountQueue<T>>();
  /** Accounts with work waiting, in the order they are served; `turn` is the one served next. */
  const ring: string[] = [];
  let turn = 0;
  let waiting = 0;

  const queueOf = (account: string) => {
    let queue = accounts.get(account);
    if (!queue) accounts.set(account, (queue = { waiting: [], running: 0 }));
    return queue;
  };
  const forget = (account: string, queue: AccountQueue<T>) => {
    if (queue.waiting.length === 0 && queue.running === 0) accounts.delete(account);
  };
  const leaveRing = (index: number) => {
    ring.splice(index, 1);
    if (index < turn) turn--;
    if (turn >= ring.length) turn = 0;
  };

  return {
    enqueue(account, piece) {
      const queue = queueOf(account);
      // A newcomer is served after each account already waiting has had one turn (it joins the ring just before the
      // account served next, at the end of the current round): nobody waits for more than one piece of each other
      // account, and a stream of newcomers cannot starve an account that waits.
      if (queue.waiting.length === 0) {
        ring.splice(turn, 0, account);
        if (ring.length > 1) turn++;
      }
      queue.waiting.push(piece);
      waiting++;
    },

    remove(account, piece) {
      const queue = accounts.get(account);
      const at = queue ? queue.waiting.indexOf(piece) : -1;
      if (!queue || at === -1) return false;
      queue.waiting.splice(at, 1);
      waiting--;
      if (queue.waiting.length === 0) leaveRing(ring.indexOf(account));
      forget(account, queue);
      return true;
    },

    take() {
      for (let tried = 0; tried < ring.length; tried++) {
        const index = (turn + tried) % ring.length;
        const account = ring[index]!;
        const queue = accounts.get(account)!;
        if (queue.running >= cap) continue;
        const piece = queue.waiting.shift()!;
        waiting--;
        queue.running++;
        if (queue.waiting.length === 0) {
          turn = index;
          leaveRing(index);
        } else {
          turn = (index + 1) % ring.length;
        }
        return { account, piece };
      }
      return undefined;
    },

    finished(account) {
      const queue = accounts.get(account);
      if (!queue || queue.running === 0) return;
      queue.running--;
      forget(account, queue);
    },

    drain() {
      const drained: Array<{ account: string; piece: T }> = [];
      for (const [account, queue] of accounts) {
        for (const piece of queue.waiting.splice(0)) drained.push({ account, piece });
        forget(account, queue);
      }
      ring.length = 0;
      turn = 0;
      waiting = 0;
      return drained;
    },

    get waiting() {
      return waiting;
    },

    runningOf(account) {
      return accounts.get(account)?.running ?? 0;
    },
  };
}

/**
 * A batch's articles cut into pieces of consecutive articles of at most `maxChars` characters together (an article
 * longer than that is a piece of its own): the unit a thread runs, so that another account waits at most for one
 * piece, not for a whole batch. Each piece lists the articles' indexes.
 */
export function piecesOf(lengths: readonly number[], maxChars: number): number[][] {
  const pieces: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  lengths.forEach((length, index) => {
    if (current.length > 0 && chars + length > maxChars) {
      pieces.push(current);
      current = [];
      chars = 0;
    }
    current.push(index);
    chars += length;
  });
  if (current.length > 0) pieces.push(current);
  return pieces;
}
