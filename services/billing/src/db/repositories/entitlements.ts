// The plans of some accounts, from their purchases (an erased account's are not counted): one query for all of
// them, then the pure rule in domain/entitlements.ts for each. Every id asked has an answer, free when billing
// holds nothing for it. An id is matched whatever the case of its letters (the column is a uuid; PostgreSQL gives
// it back in small letters), so an id asked in capitals is never taken for an account without a plan.
import type { Kysely } from 'kysely';
import type { Entitlement } from '@keisha/contracts/billing';
import type { BillingDatabase } from '../database.ts';
import { entitlementOf, type SubscriptionFacts } from '../../domain/entitlements.ts';
import { notErased } from './subscriptions.ts';

export async function entitlementsOf(db: Kysely<BillingDatabase>, ids: readonly string[], now = new Date()): Promise<Map<string, Entitlement>> {
  const rows = ids.length
    ? await db
        .selectFrom('subscriptions')
        .select(['user_id', 'product', 'tier', 'status', 'current_period_end', 'lifetime'])
        .where('user_id', 'in', [...ids])
        .where(notErased)
        .execute()
    : [];
  const byAccount = new Map<string, SubscriptionFacts[]>();
  for (const row of rows) {
    const key = row.user_id.toLowerCase();
    const facts = byAccount.get(key) ?? [];
    facts.push(row as SubscriptionFacts);
    byAccount.set(key, facts);
  }
  return new Map(ids.map((id) => [id, entitlementOf(byAccount.get(id.toLowerCase()) ?? [], now)]));
}
