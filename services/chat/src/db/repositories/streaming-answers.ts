// Keisha's answers while they stream: the lease their process holds on them, and the sweep that marks failed
// the answers whose process is gone and gives their messages back.
//
// A message's use is given back in the same transaction that moves its answer out of `streaming`, and only by
// the statement that does so (each path checks status = 'streaming' on the row it has locked): the answer's own
// process when it fails (messages.finishGivingBack), or the sweep, here. So a use is given back at most once,
// however many processes sweep at the same time; and if that transaction fails (the database is gone), nothing
// moved, and the next sweep gives it back once the database answers.
import { sql, type Kysely } from 'kysely';
import type { ChatDatabase } from '../database.ts';
import { STALE_STREAM_MS, type StreamOwner } from '../../domain/conversation.ts';
import { usesToGiveBack } from '../../domain/quota/limits.ts';

/** Who writes the answers a process inserts, and the lease they start with. */
export interface AnswerHolder extends StreamOwner {
  leaseMs: number;
}

/** What the sweep writes on an answer it fails (after the notes the answer had). */
export const DEAD_ANSWER_NOTE = 'The answer broke off: the service stopped while writing it.';

export interface DeadAnswer {
  id: string;
  userId: string;
  /** The day its message was counted in and given back to (null: written before answers recorded it). */
  day: string | null;
}

export function streamingAnswersRepository(db: Kysely<ChatDatabase>) {
  return {
    /** Extends the leases of answers this process is still writing. */
    async renew(ids: readonly string[], leaseMs: number): Promise<void> {
      if (ids.length === 0) return;
      await sql`
        update messages set lease_until = now() + ${leaseMs}::integer * interval '1 millisecond'
        where id = any(${[...ids]}::uuid[]) and status = 'streaming'`.execute(db);
    },

    /**
     * Marks failed up to `limit` answers whose process is gone, and gives their messages back, in one transaction.
     * Gone: the lease ran out (15 minutes after it was written for a row without one), or, with `self`, the answer
     * is its instance's but another process's (an earlier start of this one). Rows another sweep holds are skipped
     * (it is failing them), so concurrent sweeps never wait for one another; counters are locked in (account, day)
     * order, as everywhere. `sessionId` limits the sweep to one conversation (before regenerating in it).
     */
    async failDead(options: { self?: StreamOwner; sessionId?: string; limit: number }): Promise<DeadAnswer[]> {
      const { self, sessionId, limit } = options;
      return db.transaction().execute(async (trx) => {
        // The batch is chosen once, in a materialized CTE. As `m.id in (select … limit … for update skip locked)`,
        // PostgreSQL may plan a semi join that runs the locking subquery again for every outer row (seen with 20
        // streaming rows: the subquery ran 20 times), which grows with the square of the batch.
        const { rows } = await sql<{ id: string; user_id: string; day: string | null }>`
          with dead as materialized (
            select d.id from messages as d
            where d.status = 'streaming'
              and (
                coalesce(d.lease_until, d.created_at + ${STALE_STREAM_MS}::integer * interval '1 millisecond') < now()
                or (d.stream_instance = ${self?.instance ?? null}::text and d.stream_process is distinct from ${self?.process ?? null}::uuid)
              )
              ${sessionId ? sql`and d.session_id = ${sessionId}::uuid` : sql``}
            order by d.created_at
            limit ${limit}::integer
            for update skip locked
          )
          update messages as m set status = 'failed', notes = m.notes || ${JSON.stringify([DEAD_ANSWER_NOTE])}::jsonb
          from dead, chat_sessions as s
          where m.id = dead.id and s.id = m.session_id and m.status = 'streaming'
          returning m.id, s.user_id, m.charged_day::text as day`.execute(trx);
        const uses = usesToGiveBack(rows.map((row) => ({ userId: row.user_id, day: row.day })));
        if (uses.length > 0) {
          const users = uses.map((u) => u.userId);
          const days = uses.map((u) => u.day);
          await sql`
            select 1 from chat_usage_counters as c
            join unnest(${users}::uuid[], ${days}::date[]) as r(user_id, day) on c.user_id = r.user_id and c.day = r.day
            order by c.user_id, c.day
            for update of c`.execute(trx);
          await sql`
            update chat_usage_counters as c set used = greatest(c.used - r.uses, 0)
            from unnest(${users}::uuid[], ${days}::date[], ${uses.map((u) => u.uses)}::integer[]) as r(user_id, day, uses)
            where c.user_id = r.user_id and c.day = r.day`.execute(trx);
        }
        return rows.map((row) => ({ id: row.id, userId: row.user_id, day: row.day }));
      });
    },
  };
}
export type StreamingAnswersRepository = ReturnType<typeof streamingAnswersRepository>;
