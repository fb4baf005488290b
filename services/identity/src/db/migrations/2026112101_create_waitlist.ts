import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // One row per address: the unique constraint is what makes concurrent joins answer "already on the list".
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`char_length(email) between 3 and 254`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist').execute();
}
