// Group commit for writes that each take one use from a counter (a daily quota) and store something
// with it: requests that arrive while a write is under way are written together in the next, one
// statement and one commit for all of them, with the quota exactly as strict as one statement per
// request. Many requests of ONE account otherwise queue on that account's counter row, one commit each
// (each update holds the row until its commit); together they take the row once.
//
// The service gives the two statements (`CountedWriter`): all of a batch at once, and one write alone.
// This module decides which writes may go together; batches.ts schedules the batches.
import { batches, type BatchOptions } from './batches.ts';

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

/**
 * The `wanted` and `taken` parts of a batch statement's WITH (a `writeAll`): from `req`, one row per write
 * with its counter (`key`, `day`) and its limit (`lim`, null: unlimited), each counter row of `table` takes
 * all of its writes' uses only if they all fit under the strictest limit (`used + n <= lim`, checked on the
 * row as ON CONFLICT locked it, so writers elsewhere cannot overdraw it), locked in (key, day) order so two
 * writers cannot deadlock. `taken` holds each counter that took its uses: its key, day and new count.
 */
export function takenUsesSql(table: string, key: string): string {
  return `wanted as (
  select ${key}, day, count(*)::int as n, min(lim) as lim from req group by ${key}, day
), taken as (
  insert into ${table} as c (${key}, day, used)
  select ${key}, day, n from wanted order by ${key}, day
  on conflict (${key}, day) do update set used = c.used + excluded.used
  where c.used + excluded.used <= coalesce((select w.lim from wanted w where w.${key} = excluded.${key} and w.day = excluded.day), 2147483647)
  returning c.${key}, c.day, c.used
)`;
}

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

export type GroupCommitOptions = BatchOptions;

/**
 * The group commit: writes that arrive while a batch is being written go together in the next (see
 * batches.ts), each batch written by `writeCounted`. Two batches at a time by default: one keeps the
 * database busy while the other's commit is flushed (PostgreSQL groups concurrent commits' flushes).
 */
export function groupCommit<W, T>(writer: CountedWriter<W, T>, options: GroupCommitOptions = {}) {
  return batches<W, Counted<T> | undefined>((batch) => writeCounted(writer, batch), { maxBatchSize: 256, ...options });
}
