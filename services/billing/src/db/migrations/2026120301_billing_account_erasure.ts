import type { Kysely } from 'kysely';

// Account deletion (docs/billing.md, "Erasing a deleted account"). The account's lock row in billing_accounts
// stays as the mark that the account was erased: a purchase start (under the same lock) and a payment's
// activation (fulfil, which reads it with FOR SHARE) refuse an erased account, so nothing is sold to, or starts
// renewing for, an account that no longer exists. The row holds the opaque account id and two times, nothing
// personal.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('billing_accounts').addColumn('erased_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('billing_accounts').dropColumn('erased_at').execute();
}
