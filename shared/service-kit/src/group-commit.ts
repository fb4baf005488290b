// Group commit for writes that each take one use from a counter (a daily quota) and store something
// with it: requests that arrive while a write is under way are written together in the next, one
// statement and one commit for all of them, with the quota exactly as strict as one statement per
// request. Many requests of ONE account otherwise queue on that account's counter row, one commit each
// (each update holds the row until its commit); together they take the row once.
//
// The service gives the two statements (`CountedWriter`): all of a batch at once, and one write alone.
// This module decides which writes may go together and schedules the batches.
import DataLoader from 'dataloader';

export interface CountedWriter<W, T> {
  /** The counter a write takes its use from (an account and its day), as a string key. */
  counterOf(write: W): string;
  /** The counter's limit for this write (null: unlimited). */
  limitOf(write: W): number | null;
  /**
   * Writes `batch` in one statement (one commit). Each counter takes all of its writes' uses, only if
   * they all fit under the limit as the statement finds the row (so writers elsewhere cannot overdraw
   * it), else none of them, and nothing of a refused counter's writes is stored. Resolves to the new
   * count of each counter that took its uses (by `counterOf`) and each write's own result, by index
   * (read only for writes whose counter took its uses).
   */
  writeAll(batch: readonly W[]): Promise<{ counts: ReadonlyMap<string, number>; results: ReadonlyArray<T> }>;
  /** One write alone: its counter's new count and its result, or undefined when the limit was reached. */
  writeOne(write: W): Promise<Counted<T> | undefined>;
}

/** A write that took its use: the counter's count with it (1 for the day's first) and what it stored. */
export interface Counted<T> {
  used: number;
  value: T;
}

/** What a write gets: its use and result, undefined when the limit was reached, or what failed. */
export type CountedResult<T> = Counted<T> | undefined | Error;

/** The writes' indexes, grouped by counter in order of arrival. */
export function groupByCounter<W>(writes: readonly W[], counterOf: (write: W) => string): number[][] {
  const groups = new Map<string, number[]>();
  writes.forEach((write, i) => {
    const key = counterOf(write);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.values()];
}

/** The strictest limit among a group's writes (null: unlimited). */
function strictestLimit<W>(writes: readonly W[], group: number[], limitOf: (write: W) => number | null): number | null {
  let limit: number | null = null;
  for (const i of group) {
    const own = limitOf(writes[i]!);
    if (own !== null) limit = limit === null ? own : Math.min(limit, own);
  }
  return limit;
}

/**
 * Writes a batch: groups that can all fit go in one statement (`writeAll`); a group that may not fit
 * (more writes than its limit, or refused whole by the statement) is written one write at a time in
 * arrival order, so exactly the first ones up to the limit get a use, as without batching. If the
 * shared statement fails, each of its writes is tried alone, so one write that cannot be stored fails alone.
 */
export async function writeCounted<W, T>(writer: CountedWriter<W, T>, writes: readonly W[]): Promise<Array<CountedResult<T>>> {
  const results: Array<CountedResult<T>> = new Array(writes.length).fill(undefined);
  const together: number[][] = [];
  const alone: number[] = [];
  for (const group of groupByCounter(writes, (write) => writer.counterOf(write))) {
    const limit = strictestLimit(writes, group, (write) => writer.limitOf(write));
    if (limit === null || group.length <= limit) together.push(group);
    else alone.push(...group);
  }
  if (together.length === 1 && together[0]!.length === 1) {
    alone.push(...together[0]!); // a batch of one: the single statement is the simpler one
  } else if (together.length > 0) {
    const order = together.flat();
    try {
      const { counts, results: values } = await writer.writeAll(order.map((i) => writes[i]!));
      const position = new Map(order.map((i, at) => [i, at]));
      for (const group of together) {
        const used = counts.get(writer.counterOf(writes[group[0]!]!));
        // The group's uses are the counter's last n, in order of arrival.
        if (used !== undefined) group.forEach((i, rank) => (results[i] = { used: used - group.length + rank + 1, value: values[position.get(i)!]! }));
        else alone.push(...group);
      }
    } catch {
      for (const group of together) alone.push(...group);
    }
  }
  for (const i of alone.sort((a, b) => a - b)) {
    try {
      results[i] = await writer.writeOne(writes[i]!);
    } catch (error) {
      results[i] = error instanceof Error ? error : new Error(String(error));
    }
  }
  return results;
}

export interface GroupCommitOptions {
  /** Most writes in one statement. */
  maxBatchSize?: number;
  /** Batches written at the same time. */
  writers?: number;
  /** After this long a write that has not finished stops holding the next batch back. */
  maxWaitMs?: number;
}

/**
 * The batcher: while `writers` batches are being written, new writes wait and then go together, up to
 * maxBatchSize in one statement. An idle service writes at once (after the current turn of the event
 * loop); a busy one writes fewer, larger statements and commits once per batch. More than one writer
 * keeps the database busy while a commit is being flushed (PostgreSQL groups concurrent commits' flushes
 * itself). A write that hangs (a stalled connection) stops counting as a writer after `maxWaitMs`, so a
 * stuck statement cannot hold every request back.
 */
export function groupCommit<W, T>(writer: CountedWriter<W, T>, { maxBatchSize = 256, writers = 2, maxWaitMs = 200 }: GroupCommitOptions = {}) {
  let writing = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    while (writing < writers && waiting.length > 0) waiting.shift()!(); // dispatching calls the batch function
  };
  const loader = new DataLoader<W, Counted<T> | undefined>(
    (batch) => {
      writing++;
      let counted = true;
      const done = () => {
        if (!counted) return;
        counted = false;
        writing--;
        next();
      };
      setTimeout(done, maxWaitMs).unref();
      const written = writeCounted(writer, batch);
      void written.finally(done);
      return written;
    },
    {
      cache: false, // every write is a write of its own, never an answer to reuse
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        waiting.push(dispatch);
        setImmediate(next);
      },
    },
  );
  return (write: W) => loader.load(write);
}
