// The outbox: messages written in the transaction that causes them, claimed by pollers with a lease.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { IdentityDatabase, MailOutboxRow } from '../db/database.ts';
import { newsletterDayOfKey } from '../domain/newsletter-key.ts';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

export interface OutgoingMessage {
  /** Unique per message: queueing the same key twice keeps the first. */
  key: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (the newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Bulk mail (the newsletter): the pollers send it after every other waiting message, so a link a reader is
   * waiting for never queues behind the day's newsletter.
   */
  bulk?: boolean;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** The Outbox page counts each status up to this many messages, and says "10,000+" beyond. */
export const OUTBOX_COUNT_CAP = 10_000;

/** How many messages (of the status) there are, counting no further than one past `cap`. */
export function outboxCountQuery(db: Kysely<IdentityDatabase>, status: OutboxStatus | undefined, cap: number) {
  let some = db.selectFrom('mail_outbox').select(sql<number>`1`.as('one'));
  if (status) some = some.where('status', '=', status);
  return db.selectFrom(some.limit(cap + 1).as('some')).select((eb) => eb.fn.countAll<string>().as('total'));
}

export function outboxRepository(db: Kysely<IdentityDatabase>) {
  return {
    /** Queues a message once; true when this call queued it. */
    async enqueue(message: OutgoingMessage, trx: Db = db): Promise<boolean> {
      const row = await trx
        .insertInto('mail_outbox')
        .values({
          dedupe_key: message.key,
          kind: message.kind,
          recipient: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          headers: message.headers ? JSON.stringify(message.headers) : null,
          bulk: message.bulk ?? false,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Takes up to `limit` due messages for `leaseMs`, bulk mail last (then the longest due first): each claim counts
     * as an attempt. SKIP LOCKED lets pollers on other replicas take other messages at the same moment; the lease
     * keeps a message from a second poller until it expires (a poller that died mid-send leaves it to be tried again).
     */
    async claim(limit: number, leaseMs: number): Promise<MailOutboxRow[]> {
      // The rows are picked in a CTE, which PostgreSQL runs once: as `where id in (select … limit … for update skip
      // locked)` the planner may run the subquery again for each row it updates, and a plan PGlite chose through the
      // waiting-messages index claimed all 50 waiting newsletters at once instead of 10.
      const { rows } = await sql<MailOutboxRow>`
        with picked as (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by bulk, next_attempt_at, created_at
          limit ${limit}
          for update skip locked
        )
        update mail_outbox set attempts = attempts + 1, locked_until = now() + ${`${leaseMs} milliseconds`}::interval
        from picked
        where mail_outbox.id = picked.id and mail_outbox.status = 'pending'
        returning mail_outbox.*`.execute(db);
      return rows;
    },

    /** Marks a claimed message sent, only if this poller still holds its lease. */
    async markSent(row: MailOutboxRow): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: sql`now()`, locked_until: null, last_error: null })
        .where('id', '=', row.id)
        // Each claim counts an attempt, so the count is the lease's fencing token: a poller whose lease
        // ran out and was taken over changes nothing.
        .where('attempts', '=', row.attempts)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Records a failed attempt: tried again after `retryInMs`, or given up (`failed`) when there is none. */
    async markAttemptFailed(row: MailOutboxRow, error: string, retryInMs: number | null): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          status: retryInMs === null ? 'failed' : 'pending',
          next_attempt_at: retryInMs === null ? row.next_attempt_at : sql`now() + ${`${retryInMs} milliseconds`}::interval`,
          locked_until: null,
          last_error: error.slice(0, 2000),
        })
        .where('id', '=', row.id)
        // Each claim counts an attempt, so the count is the lease's fencing token: a poller whose lease
        // ran out and was taken over changes nothing.
        .where('attempts', '=', row.attempts)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Empties the bodies (and extra headers) of up to `limit` messages sent or given up on before `cutoff`, oldest
     * first; the rows stay, so the Outbox page, the newsletter's counts and the dedupe keys are unchanged. Pending
     * messages keep theirs. Returns how many it emptied.
     */
    async emptyBodiesBefore(cutoff: Date, limit: number): Promise<number> {
      const due = db
        .selectFrom('mail_outbox')
        .select('id')
        .where('created_at', '<', cutoff)
        .where((eb) => eb.or([eb('text_body', '<>', ''), eb('html_body', '<>', '')]))
        .where('status', '<>', 'pending')
        .orderBy('created_at')
        .limit(limit);
      const result = await db.updateTable('mail_outbox').set({ text_body: '', html_body: '', headers: null }).where('id', 'in', due).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Queues a failed message again, from its first attempt, while its text is kept; null when no failed message
     * with a body has this id (the caller says why). Once: a second call finds it pending.
     */
    /** Queues a failed message again; a newsletter's day then forgets its kept counts, which this changes. */
    async retry(id: string): Promise<MailOutboxRow | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('mail_outbox')
          .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, locked_until: null })
          .where('id', '=', id)
          .where('status', '=', 'failed')
          .where('text_body', '<>', '')
          .returningAll()
          .executeTakeFirst();
        const day = row ? newsletterDayOfKey(row.dedupe_key) : undefined;
        if (day) await trx.deleteFrom('newsletter_day_totals').where('day', '=', day).execute();
        return row ?? null;
      });
    },

    async find(id: string): Promise<MailOutboxRow | null> {
      return (await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /**
     * One page, newest first, and how many messages there are: counted up to `countCap` only (`totalCapped` says the
     * count stopped there). The outbox keeps a row for every message ever sent, millions after a year of newsletters,
     * and the Outbox page counts each status on every visit.
     */
    async list(page: number, pageSize: number, status?: OutboxStatus, countCap = OUTBOX_COUNT_CAP): Promise<{ rows: MailOutboxRow[]; total: number; totalCapped: boolean }> {
      let rows = db.selectFrom('mail_outbox').selectAll();
      if (status) rows = rows.where('status', '=', status);
      const [found, counted] = await Promise.all([
        rows.orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
        outboxCountQuery(db, status, countCap).executeTakeFirstOrThrow(),
      ]);
      const total = Number(counted.total);
      return { rows: found, total: Math.min(total, countCap), totalCapped: total > countCap };
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
