import { sql, type Kysely } from 'kysely';

// Chat Gold's early-access list (goldReadersQuery, GET /api/billing/admin/early-access) picks the active Chat Gold
// purchases by product, tier and status. No index starts with product (the others start with user_id or provider), so
// the list read every purchase, checkouts never paid included.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index subscriptions_product_tier_status_idx on subscriptions (product, tier, status)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index subscriptions_product_tier_status_idx`.execute(db);
}
