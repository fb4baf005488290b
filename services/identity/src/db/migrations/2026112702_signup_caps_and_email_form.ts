import { sql, type Kysely } from 'kysely';

// Frozen copy of the stored form of an address at this date (src/domain/email.ts): NFKC, trimmed, lower case.
const storedForm = (email: string) => email.normalize('NFKC').trim().toLowerCase().normalize('NFKC');

export async function up(db: Kysely<any>): Promise<void> {
  // Sign-ups per client address per UTC day, counted by one atomic upsert so every replica and every
  // restart sees the same count.
  await db.schema
    .createTable('signups_per_address')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('signups_per_address_pk', ['address', 'day'])
    .execute();

  // Addresses were stored lower-cased only; a full-width or other compatibility form is rewritten to the
  // plain one unless that address already has its own row (then the older row keeps its text, and its
  // owner signs in with it as typed then; an administrator can merge by hand).
  for (const table of ['users', 'waitlist', 'login_known_addresses'] as const) {
    const { rows } = await sql<{ email: string }>`select distinct email from ${sql.table(table)} where email !~ '^[ -~]*$'`.execute(db);
    for (const { email } of rows) {
      const normal = storedForm(email);
      if (normal === email) continue;
      await sql`update ${sql.table(table)} set email = ${normal}
        where email = ${email} and not exists (select 1 from ${sql.table(table)} t where t.email = ${normal})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signups_per_address').execute();
}
