// Group commit for the analysis route's write (a use taken and the analysis kept in history): requests
// that arrive while one write is under way are written together in the next, one statement and one
// commit for all of them, with the quota exactly as strict as one statement per request.
import DataLoader from 'dataloader';
import { preparedStatement } from '@keisha/service-kit';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DecoderDatabase } from '../database.ts';
import type { Counter, HistoryEntry } from './usage.ts';

export interface Recording {
  counter: Counter;
  limit: number | null;
  entry: HistoryEntry;
}

/** What a recording gets: its counter's new count, undefined when the limit was reached, or what failed. */
export type RecordingResult = number | undefined | Error;

/**
 * One use from an account's counter and its history entry, in one statement: both happen or neither
 * does. The new count, or undefined when the limit was reached (and nothing was stored).
 */
export async function recordOne(db: Kysely<DecoderDatabase>, { counter, limit, entry }: Recording): Promise<number | undefined> {
  if (limit !== null && limit <= 0) return undefined; // the insert of a first use would not look at the limit
  const { subject, day } = counter;
  const row = await db
    .with('taken', (qb) =>
      qb
        .insertInto('usage_counters')
        .values({ subject, day, used: 1 })
        .onConflict((oc) => {
          const update = oc.columns(['subject', 'day']).doUpdateSet({ used: sql`usage_counters.used + 1` });
          return limit === null ? update : update.where('usage_counters.used', '<', limit);
        })
        .returning('used'),
    )
    .with('recorded', (qb) =>
      qb
        .insertInto('analyses')
        .columns(['user_id', 'title', 'score', 'term_count', 'text', 'result'])
        .expression((eb) =>
          eb
            .selectFrom('taken')
            .select([
              // Typed here: a parameter in a SELECT list would otherwise be taken as text.
              sql<string>`${entry.user_id}::uuid`.as('user_id'),
              sql<string>`${entry.title}::text`.as('title'),
              sql<number>`${entry.score}::integer`.as('score'),
              sql<number>`${entry.term_count}::integer`.as('term_count'),
              sql<string>`${entry.text}::text`.as('text'),
              sql<string>`${entry.result}::jsonb`.as('result'),
            ]),
        )
        .returning('id'),
    )
    .selectFrom('taken')
    .select('used')
    .executeTakeFirst();
  return !row || (limit !== null && row.used > limit) ? undefined : row.used;
}

/**
 * Many requests' uses and history entries in one statement of fixed text whose one parameter is the
 * batch as a JSON array (batchJson): each request an object whose `result` is the analysis's JSON put
 * in as it is. An array per column made the driver escape every article and result into an array
 * literal, which was the largest part of the write's CPU in the decoder (profile of `bench:decoder`). The requests are grouped by counter; a counter takes its group's n uses
 * only if all n fit (`used + n <= limit`, checked on the row as ON CONFLICT locked it, so writers in other
 * instances cannot overdraw it either), and history rows are inserted only for counters that took their
 * uses. Counters are locked in (subject, day) order, as reserve() does, so two writers cannot deadlock.
 * The answer: each taken counter's new count. Prepared once per connection (see preparedStatement).
 */
const RECORD_ALL = preparedStatement(`
with req as (
  select * from json_to_recordset($1::json)
    as r(ord int, subject text, day date, lim int, user_id uuid, title text, score int, term_count int, text text, result jsonb)
), wanted as (
  select subject, day, count(*)::int as n, min(lim) as lim from req group by subject, day
), taken as (
  insert into usage_counters as c (subject, day, used)
  select subject, day, n from wanted order by subject, day
  on conflict (subject, day) do update set used = c.used + excluded.used
  where c.used + excluded.used <= coalesce((select w.lim from wanted w where w.subject = excluded.subject and w.day = excluded.day), 2147483647)
  returning c.subject, c.day, c.used
), recorded as (
  insert into analyses (user_id, title, score, term_count, text, result)
  select r.user_id, r.title, r.score, r.term_count, r.text, r.result
  from req r join taken t on t.subject = r.subject and t.day = r.day
  order by r.ord
  returning id
)
select subject, day::text as day, used from taken`);

/**
 * The batch as RECORD_ALL's parameter. Strings are written by JSON.stringify; the result is JSON
 * already (made by JSON.stringify in the route) and goes in unchanged; numbers must be integers.
 */
export function batchJson(batch: readonly Recording[]): string {
  const int = (value: number) => {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer: ${value}`);
    return value;
  };
  let json = '[';
  batch.forEach(({ counter, limit, entry }, ord) => {
    json +=
      `${ord === 0 ? '' : ','}{"ord":${ord},"subject":${JSON.stringify(counter.subject)},"day":${JSON.stringify(counter.day)},` +
      `"lim":${limit === null ? 'null' : int(limit)},"user_id":${JSON.stringify(entry.user_id)},"title":${JSON.stringify(entry.title)},` +
      `"score":${int(entry.score)},"term_count":${int(entry.term_count)},"text":${JSON.stringify(entry.text)},"result":${entry.result}}`;
  });
  return `${json}]`;
}

const keyOf = ({ subject, day }: Counter) => `${subject}\n${day}`;

/** The recordings' indexes, grouped by counter in order of arrival. */
export function groupByCounter(recordings: readonly Recording[]): number[][] {
  const groups = new Map<string, number[]>();
  recordings.forEach((recording, i) => {
    const key = keyOf(recording.counter);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.values()];
}

/** The strictest limit among a group's recordings (null: unlimited). */
function limitOf(recordings: readonly Recording[], group: number[]): number | null {
  let limit: number | null = null;
  for (const i of group) {
    const own = recordings[i]!.limit;
    if (own !== null) limit = limit === null ? own : Math.min(limit, own);
  }
  return limit;
}

/**
 * Writes a batch: groups that can all fit go in one statement (RECORD_ALL); a group that may not fit
 * (more requests than its limit, or refused whole by the statement) is written one request at a time in
 * arrival order, so exactly the first ones up to the limit get a use, as without batching. If the shared
 * statement fails, each of its requests is tried alone, so one entry that cannot be stored fails alone.
 * `jsonAsBytes` (PostgreSQL only; PGlite would take bytes for bytea) sends the batch as UTF-8 bytes,
 * which PostgreSQL reads for a json parameter as it reads the text. The driver would otherwise measure
 * and encode the string three times over, a pass each of the whole batch.
 */
export async function recordAll(db: Kysely<DecoderDatabase>, recordings: readonly Recording[], { jsonAsBytes = false } = {}): Promise<RecordingResult[]> {
  const results: RecordingResult[] = new Array(recordings.length).fill(undefined);
  const together: number[][] = [];
  const alone: number[] = [];
  for (const group of groupByCounter(recordings)) {
    const limit = limitOf(recordings, group);
    if (limit === null || group.length <= limit) together.push(group);
    else alone.push(...group);
  }
  if (together.length > 0) {
    const batch = together.flat().map((i) => recordings[i]!);
    try {
      const { rows } = await db.executeQuery<Counter & { used: number }>(
        CompiledQuery.raw(RECORD_ALL, [jsonAsBytes ? Buffer.from(batchJson(batch)) : batchJson(batch)]),
      );
      const taken = new Map(rows.map((row) => [keyOf(row), row.used]));
      for (const group of together) {
        const used = taken.get(keyOf(recordings[group[0]!]!.counter));
        // The group's uses are the counter's last n, in order of arrival.
        if (used !== undefined) group.forEach((i, rank) => (results[i] = used - group.length + rank + 1));
        else alone.push(...group);
      }
    } catch {
      for (const group of together) alone.push(...group);
    }
  }
  for (const i of alone.sort((a, b) => a - b)) {
    try {
      results[i] = await recordOne(db, recordings[i]!);
    } catch (error) {
      results[i] = error instanceof Error ? error : new Error(String(error));
    }
  }
  return results;
}

/**
 * The batcher: while `writers` batches are being written, new recordings wait and then go together, up
 * to maxBatchSize in one statement. An idle service writes at once (after the current turn of the event
 * loop); a busy one writes fewer, larger statements and commits once per batch. More than one writer
 * keeps the database busy while a commit is being flushed (PostgreSQL groups concurrent commits' flushes
 * itself). A write that hangs (a stalled connection) stops counting as a writer after `maxWaitMs`, so a
 * stuck statement cannot hold every reader's analysis back. `jsonAsBytes`: see recordAll.
 */
export function groupCommit(db: Kysely<DecoderDatabase>, { maxBatchSize = 256, writers = 2, maxWaitMs = 200, jsonAsBytes = false } = {}) {
  let writing = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    while (writing < writers && waiting.length > 0) waiting.shift()!(); // dispatching calls the batch function
  };
  const loader = new DataLoader<Recording, number | undefined>(
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
      const written = recordAll(db, batch, { jsonAsBytes });
      void written.finally(done);
      return written;
    },
    {
      cache: false, // every recording is a write of its own, never an answer to reuse
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        waiting.push(dispatch);
        setImmediate(next);
      },
    },
  );
  return (recording: Recording) => loader.load(recording);
}
