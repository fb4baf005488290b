// Group commit for the analysis route's write (a use taken and the analysis kept in history): requests
// that arrive while one write is under way are written together in the next, one statement and one
// commit for all of them, with the quota exactly as strict as one statement per request. The rules
// (which writes may go together, which go alone, in what order) and the batching are service-kit's
// group commit, shared with the chat; this file gives it the decoder's statement.
import { groupCommit as sharedGroupCommit, preparedStatement, takenUsesSql, writeCounted, type CountedWriter } from '@keisha/service-kit';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DecoderDatabase } from '../database.ts';
import type { Counter, HistoryEntry } from './usage-rows.ts';
import { binaryTextArrays, type TextValue } from './text-arrays.ts';

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
              sql<string>`${Buffer.from(entry.result).toString('utf8')}::text`.as('result'),
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
 * Many requests' uses and history entries in one statement of fixed text: the batch as one text[]
 * parameter per column, each request's values at the same position (numbers, dates and ids written as
 * text and cast back in the statement). On PostgreSQL each array goes in PostgreSQL's binary form
 * (text-arrays.ts): the server takes every article and result as the bytes they are, where a JSON batch
 * (json_to_recordset) made it parse and unescape all of them character by character, and the text form
 * of an array made the driver escape them all into an array literal. The requests are grouped by
 * counter; a counter takes its group's n uses only if all n fit (`used + n <= limit`, checked on the row
 * as ON CONFLICT locked it, so writers in other instances cannot overdraw it either), and history rows
 * are inserted only for counters that took their uses. Counters are locked in (subject, day) order, as
 * reserve() does, so two writers cannot deadlock. The answer: each taken counter's new count. Prepared
 * once per connection (see preparedStatement).
 */
const RECORD_ALL = preparedStatement(`
with req as (
  select r.ord, r.subject, r.day::date as day, r.lim::int as lim, r.user_id::uuid as user_id, r.title,
    r.score::int as score, r.term_count::int as term_count, r.text, r.result
  from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
    with ordinality as r(subject, day, lim, user_id, title, score, term_count, text, result, ord)
), ${takenUsesSql('usage_counters', 'subject')}, recorded as (
  insert into analyses (user_id, title, score, term_count, text, result)
  select r.user_id, r.title, r.score, r.term_count, r.text, r.result
  from req r join taken t on t.subject = r.subject and t.day = r.day
  order by r.ord
  returning id
)
select subject, day::text as day, used from taken`);

/** The batch as RECORD_ALL's columns, in its parameters' order; numbers must be integers. */
export function batchColumns(batch: readonly Recording[]): TextValue[][] {
  const int = (value: number) => {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer: ${value}`);
    return String(value);
  };
  const columns: TextValue[][] = Array.from({ length: 9 }, () => new Array<TextValue>(batch.length));
  batch.forEach(({ counter, limit, entry }, i) => {
    columns[0]![i] = counter.subject;
    columns[1]![i] = counter.day;
    columns[2]![i] = limit === null ? null : int(limit);
    columns[3]![i] = entry.user_id;
    columns[4]![i] = entry.title;
    columns[5]![i] = int(entry.score);
    columns[6]![i] = int(entry.term_count);
    columns[7]![i] = entry.text;
    columns[8]![i] = entry.result;
  });
  return columns;
}

const keyOf = ({ subject, day }: Counter) => `${subject}\n${day}`;

/**
 * The decoder's statements for the shared group commit. Both go through RECORD_ALL, prepared once per
 * connection, a write alone as a batch of one; a limit of zero takes nothing (the insert of a day's
 * first use would not look at the limit). `binaryArrays` (PostgreSQL only; PGlite would take bytes for
 * bytea) sends the columns in PostgreSQL's binary form (text-arrays.ts); without it they go as arrays
 * of strings, which the driver writes as array literals.
 */
const asStrings = (columns: TextValue[][]) => columns.map((column) => column.map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value)));

function recorder(db: Kysely<DecoderDatabase>, { binaryArrays = false } = {}): CountedWriter<Recording, undefined> {
  const writeAll = async (batch: readonly Recording[]) => {
    const columns = batchColumns(batch);
    const { rows } = await db.executeQuery<Counter & { used: number }>(CompiledQuery.raw(RECORD_ALL, binaryArrays ? binaryTextArrays(columns) : asStrings(columns)));
    return { counts: new Map(rows.map((row) => [keyOf(row), row.used])), results: [] };
  };
  return {
    counterOf: (recording) => keyOf(recording.counter),
    limitOf: (recording) => recording.limit,
    writeAll,
    writeOne: async (recording) => {
      if (recording.limit !== null && recording.limit <= 0) return undefined;
      const used = (await writeAll([recording])).counts.get(keyOf(recording.counter));
      return used === undefined ? undefined : { used, value: undefined };
    },
  };
}

/**
 * Writes a batch as the group commit does (service-kit's writeCounted): groups that can all fit go in
 * one statement; a group that may not fit goes one request at a time in arrival order, so exactly the
 * first ones up to the limit get a use; if the shared statement fails, each request is tried alone, so
 * one entry that cannot be stored fails alone.
 */
export async function recordAll(db: Kysely<DecoderDatabase>, recordings: readonly Recording[], options: { binaryArrays?: boolean } = {}): Promise<RecordingResult[]> {
  return (await writeCounted(recorder(db, options), recordings)).map((result) => (result instanceof Error || result === undefined ? result : result.used));
}

/**
 * The batcher: while `writers` batches are being written, new recordings wait and then go together, up
 * to maxBatchSize in one statement; a write that hangs stops holding the next batch back after
 * `maxWaitMs` (service-kit's batches). `binaryArrays`: see recorder. One writer by default: each
 * statement costs both processes a fixed share (a round trip, waking the other process, a commit), so
 * fewer, larger batches cost less per analysis. With two, the HTTP bench's batches held 3.3 requests on
 * average (5.0 with one), and the decoder used 0.50-0.52 ms of CPU per analysis and PostgreSQL 0.12-0.13, against 0.44-0.48 and
 * 0.10 with one, at the same p50 (`bench:decoder -- --http-only`, 3 alternating pairs, load 2.2-3.3).
 * A request then waits for at most the batch under way and its own.
 */
export function groupCommit(db: Kysely<DecoderDatabase>, { maxBatchSize = 256, writers = 1, maxWaitMs = 200, binaryArrays = false } = {}) {
  const write = sharedGroupCommit(recorder(db, { binaryArrays }), { maxBatchSize, concurrency: writers, maxWaitMs });
  return async (recording: Recording): Promise<number | undefined> => (await write(recording))?.used;
}
