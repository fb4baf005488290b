// Per-install secrets, created on first use and shared by every replica through the database.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../database.ts';

export async function installSecret(db: Kysely<BillingDatabase>, name: string): Promise<string> {
  const existing = await db.selectFrom('billing_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('billing_secrets')
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  // Another replica may have won the race: whatever is stored is the secret.
  const stored = await db.selectFrom('billing_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value;
}
