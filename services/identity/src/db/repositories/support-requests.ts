import { sql, type Kysely, type Transaction } from 'kysely';
import type { IdentityDatabase, SupportRequestRow } from '../database.ts';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

export interface NewSupportRequest {
  userId: string;
  email: string;
  subject: string;
  message: string;
  priority: boolean;
  plan: string | null;
}

export function supportRequestsRepository(db: Kysely<IdentityDatabase>) {
  return {
    async insert(request: NewSupportRequest, trx: Db = db): Promise<SupportRequestRow> {
      return trx
        .insertInto('support_requests')
        .values({ user_id: request.userId, email: request.email, subject: request.subject, message: request.message, priority: request.priority, plan: request.plan })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Requests the account sent since `windowMs` ago (the per-account limit counts the table itself). */
    async countSince(userId: string, windowMs: number, trx: Db = db): Promise<{ count: number; oldest: Date | null }> {
      const row = await trx
        .selectFrom('support_requests')
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('user_id', '=', userId)
        .where('created_at', '>', sql<Date>`now() - ${`${windowMs} milliseconds`}::interval`)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest as Date | string) : null };
    },

    async listOfUser(userId: string, page: number, pageSize: number): Promise<{ rows: SupportRequestRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        db.selectFrom('support_requests').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
        db.selectFrom('support_requests').select((eb) => eb.fn.countAll<string>().as('total')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.total) };
    },

    /** Open ones: priority first, then the longest waiting first. Answered ones: the latest answer first. */
    async listByStatus(status: 'open' | 'answered', page: number, pageSize: number): Promise<{ rows: SupportRequestRow[]; total: number }> {
      let rows = db.selectFrom('support_requests').selectAll().where('status', '=', status);
      rows = status === 'open' ? rows.orderBy('priority', 'desc').orderBy('created_at', 'asc') : rows.orderBy('answered_at', 'desc').orderBy('created_at', 'desc');
      const [found, counted] = await Promise.all([
        rows.orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
        db.selectFrom('support_requests').select((eb) => eb.fn.countAll<string>().as('total')).where('status', '=', status).executeTakeFirstOrThrow(),
      ]);
      return { rows: found, total: Number(counted.total) };
    },

    /**
     * Answers an open request with the console's reply, in the caller's transaction; null when it is not open (no
     * such request, or answered already: the caller tells them apart). The row lock of the update makes two
     * administrators' replies at once answer it once.
     */
    async reply(id: string, adminId: string, reply: string, trx: Db = db): Promise<SupportRequestRow | null> {
      return (
        (await trx
          .updateTable('support_requests')
          .set({ status: 'answered', answered_at: sql`now()`, answered_by: adminId, reply })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirst()) ?? null
      );
    },

    async find(id: string, trx: Db = db): Promise<SupportRequestRow | null> {
      return (await trx.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** Marks it answered once: a second call keeps the first answer's time and administrator. Null: no such request. */
    async markAnswered(id: string, adminId: string): Promise<SupportRequestRow | null> {
      const updated = await db
        .updateTable('support_requests')
        .set({ status: 'answered', answered_at: sql`now()`, answered_by: adminId })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (updated) return updated;
      return (await db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },
  };
}
export type SupportRequestsRepository = ReturnType<typeof supportRequestsRepository>;
