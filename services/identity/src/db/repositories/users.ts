import { sql, type Kysely, type Transaction } from 'kysely';
import { normalizeEmailAddress } from '../../domain/email.ts';
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
     * The accounts behind access tokens and the state of their signed-in devices, in one round trip
     * (every authenticated request on every service asks this, through identity's session check): for
     * each (user, family) pair, in order, the user (undefined when there is none) and whether the device's
     * refresh-token family still has a live token (not revoked, not expired) and when it began, its first
     * sign-in (`family` undefined when the family is not this user's).
     */
    async findWithFamilies(pairs: ReadonlyArray<{ userId: string; familyId: string }>): Promise<Array<{ user: UserRow; family: { live: boolean; startedAt: Date } | undefined } | undefined>> {
      if (pairs.length === 0) return [];
      const { rows } = await sql<UserRow & { ord: string; family_started_at: Date | string | null; family_live: string | number }>`
        select u.*, p.ord,
          (select min(t.created_at) from refresh_tokens t where t.family_id = p.family_id and t.user_id = u.id) as family_started_at,
          (select count(*) from refresh_tokens t where t.family_id = p.family_id and t.user_id = u.id and t.revoked_at is null and t.expires_at > now()) as family_live
        from unnest(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.familyId)}::uuid[]) with ordinality as p(user_id, family_id, ord)
        join users u on u.id = p.user_id`.execute(db);
      const found = new Array<{ user: UserRow; family: { live: boolean; startedAt: Date } | undefined } | undefined>(pairs.length).fill(undefined);
      for (const { ord, family_started_at: startedAt, family_live: live, ...user } of rows) {
        found[Number(ord) - 1] = { user: user as UserRow, family: startedAt ? { live: Number(live) > 0, startedAt: new Date(startedAt) } : undefined };
      }
      return found;
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
    /** Marks the address as confirmed (an administrator the operator configured, say); an earlier date stays. */
    async markVerified(id: string, trx: Db = db): Promise<void> {
      await trx.updateTable('users').set({ email_verified_at: sql`coalesce(email_verified_at, now())` }).where('id', '=', id).execute();
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
      if (query) base = base.where('email', 'like', likePattern(normalizeEmailAddress(query)));
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
