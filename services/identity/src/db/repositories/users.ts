import { sql, type Kysely, type Transaction } from 'kysely';
import type { IdentityDatabase, UserRow } from '../database.ts';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

/** Escapes LIKE wildcards so a search for "a_b%" finds exactly that text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function usersRepository(db: Kysely<IdentityDatabase>) {
  return {
    findByEmail(email: string, trx: Db = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: string, trx: Db = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /**
     * The account behind an access token and the state of its signed-in device, in one round trip
     * (every authenticated request on every service asks this, through identity's session check): the
     * device's refresh-token family still has a live token (not revoked, not expired) and began at its
     * first sign-in. `family` is undefined when the family is not this user's.
     */
    async findWithFamily(id: string, familyId: string): Promise<{ user: UserRow; family: { live: boolean; startedAt: Date } | undefined } | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll('users')
        .select((eb) => {
          const family = () => eb.selectFrom('refresh_tokens').where('family_id', '=', familyId).where('user_id', '=', id);
          return [
            family()
              .select((f) => f.fn.min('created_at').as('m'))
              .as('family_started_at'),
            family()
              .select((f) => f.fn.countAll<string>().filterWhere((w) => w.and([w('revoked_at', 'is', null), w('expires_at', '>', sql<Date>`now()`)])).as('n'))
              .as('family_live'),
          ];
        })
        .where('users.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { family_started_at: startedAt, family_live: live, ...user } = row;
      return { user: user as UserRow, family: startedAt ? { live: Number(live) > 0, startedAt: new Date(startedAt as unknown as string | Date) } : undefined };
    },
    /** Creates an account once; a concurrent second registration of the address gets undefined. */
    async create(email: string, passwordHash: string, role: 'user' | 'admin' = 'user', trx: Db = db): Promise<UserRow | undefined> {
      return trx
        .insertInto('users')
        .values({ email, password_hash: passwordHash, role })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    async anyAdmin(trx: Db = db): Promise<boolean> {
      const row = await trx.selectFrom('users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
      return row !== undefined;
    },
    async recordSignIn(id: string, trx: Db = db): Promise<void> {
      await trx.updateTable('users').set({ last_sign_in_at: sql`now()` }).where('id', '=', id).execute();
    },
    async setPassword(id: string, passwordHash: string, trx: Db = db): Promise<void> {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: sql`now()` }).where('id', '=', id).execute();
    },
    async invalidateSessions(id: string, trx: Db = db): Promise<void> {
      // Sessions are compared by when their device signed in (to the microsecond), not by the access
      // token's whole-second iat: a token issued in the same second as this stays refused.
      await trx
        .updateTable('users')
        .set({ sessions_valid_after: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    async update(id: string, changes: { role?: 'user' | 'admin'; disabled?: boolean }, trx: Db = db): Promise<UserRow | undefined> {
      return trx
        .updateTable('users')
        .set({
          ...(changes.role ? { role: changes.role } : {}),
          ...(changes.disabled === undefined ? {} : { disabled_at: changes.disabled ? sql`now()` : null }),
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    async search(query: string | undefined, page: number, pageSize: number): Promise<{ rows: UserRow[]; total: number }> {
      let base = db.selectFrom('users');
      if (query) base = base.where('email', 'like', likePattern(query.toLowerCase()));
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
