// What PostgreSQL (or PGlite) plans for a statement, for tests that check a query is served by the index meant for
// it: the plan is read with whole-table reads priced out (`enable_seqscan` off), so it names the index that can
// serve the statement, if any. `set local` in a transaction keeps the setting and the EXPLAIN on one pooled
// connection, and ends it with them. A test names the index it expects: barred from a Seq Scan, the planner may read
// a whole other index instead, which is no better.
import { CompiledQuery, sql, type Kysely } from 'kysely';

export async function planOf(db: Kysely<any>, query: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/**
 * `db` that also keeps each statement it runs, compiled: hand it to the code under test, then plan what it ran
 * (planOf). The statements run as they would without it.
 */
export function recordingQueries<DB>(db: Kysely<DB>): { db: Kysely<DB>; seen: CompiledQuery[] } {
  const seen: CompiledQuery[] = [];
  const recording = db.withPlugin({
    transformQuery: (args) => {
      seen.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: recording, seen };
}
