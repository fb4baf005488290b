import { sql, type Kysely } from 'kysely';
import type { IdentityDatabase, ProfileRow } from '../database.ts';

export function profilesRepository(db: Kysely<IdentityDatabase>) {
  return {
    /** The profile of an account; an account that never saved one has an empty profile. */
    async get(id: string): Promise<Omit<ProfileRow, 'updated_at'>> {
      const row = await db.selectFrom('profiles').select(['id', 'username', 'avatar_url', 'website']).where('id', '=', id).executeTakeFirst();
      return row ?? { id, username: null, avatar_url: null, website: null };
    },
    async save(id: string, changes: { username?: string | null; avatar_url?: string | null; website?: string | null }) {
      return db
        .insertInto('profiles')
        .values({ id, username: null, avatar_url: null, website: null, ...changes })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...changes, updated_at: sql`now()` }))
        .returning(['id', 'username', 'avatar_url', 'website'])
        .executeTakeFirstOrThrow();
    },
  };
}
