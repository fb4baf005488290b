// Purchases. Factories over the db that also take a transaction (Transaction extends Kysely).
import { sql, type Kysely } from 'kysely';
import type { BillingDatabase, NewSubscription, SubscriptionRow } from '../database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from outside are checked before they reach a uuid column (a cast error would be a 500). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A condition on `subscriptions`: its account was not erased (a deleted account has no plan, whatever it paid). */
export const notErased = sql<boolean>`not exists (select 1 from billing_accounts erased where erased.user_id = subscriptions.user_id and erased.erased_at is not null)`;

/** Whether the account was erased (docs/billing.md, "Erasing a deleted account"). */
export async function isErased(db: Kysely<BillingDatabase>, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const row = await db.selectFrom('billing_accounts').select('erased_at').where('user_id', '=', userId.toLowerCase()).executeTakeFirst();
  return Boolean(row?.erased_at);
}

/**
 * The addresses an account paid with (its purchases' and its PayPal sandbox subscriptions'), lower-cased: billing
 * knows no other address of it, so its demo requests are the ones under these. The erasure deletes those and the
 * export lists them by this one rule, so the two never disagree about which are the account's.
 */
export async function addressesPaidWith(db: Kysely<BillingDatabase>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(sql<string>`lower(email)`.as('address'))
    .where('user_id', '=', userId)
    .where('email', 'is not', null)
    .union(db.selectFrom('paypal_sandbox_subscriptions').select(sql<string>`lower(subscriber_email)`.as('address')).where('custom_id', '=', userId).where('subscriber_email', 'is not', null))
    .execute();
  return rows.map((row) => row.address);
}

/**
 * Chat Gold's readers (lifetime, active), each once, by their first Gold purchase: the early-access list. Served by
 * the (product, tier, status) index (migration 2026120503).
 */
export function goldReadersQuery(db: Kysely<BillingDatabase>, limit: number) {
  return db
    .selectFrom('subscriptions')
    .select((eb) => ['user_id', eb.fn.max('email').as('email'), eb.fn.min(eb.fn.coalesce('activated_at', 'created_at')).as('since')])
    .where('product', '=', 'chat')
    .where('tier', '=', 'Gold')
    .where('status', '=', 'active')
    .where(notErased)
    .groupBy('user_id')
    .orderBy('since', 'asc')
    .orderBy('user_id')
    .limit(limit);
}

export function subscriptionsRepository(db: Kysely<BillingDatabase>) {
  return {
    async create(values: NewSubscription): Promise<SubscriptionRow> {
      return db.insertInto('subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async attachCheckout(id: string, providerRef: string | null, checkoutUrl: string): Promise<void> {
      await db.updateTable('subscriptions').set({ provider_ref: providerRef, checkout_url: checkoutUrl, updated_at: new Date() }).where('id', '=', id).execute();
    },

    /** The provider refused to open a checkout: the purchase never started. */
    async markNotStarted(id: string, reason: string): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ status: 'failed', failure_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async findById(id: string): Promise<SubscriptionRow | undefined> {
      if (!isUuid(id)) return undefined;
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByProviderRef(provider: SubscriptionRow['provider'], providerRef: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('subscriptions').selectAll().where('provider', '=', provider).where('provider_ref', '=', providerRef).executeTakeFirst();
    },

    async listForUser(userId: string, limit = 50): Promise<SubscriptionRow[]> {
      if (!isUuid(userId)) return [];
      return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },

    /** Chat Gold's readers (lifetime, active), each once, by their first Gold purchase: the early-access list. */
    async listGoldReaders(limit = 5_000): Promise<Array<{ user_id: string; email: string | null; since: Date }>> {
      const rows = await goldReadersQuery(db, limit).execute();
      return rows.map((row) => ({ user_id: row.user_id, email: row.email ?? null, since: new Date(row.since as unknown as string | Date) }));
    },

    async listManual(status: 'pending' | 'all', limit = 200): Promise<SubscriptionRow[]> {
      let query = db.selectFrom('subscriptions').selectAll().where('provider', '=', 'cashapp');
      if (status === 'pending') query = query.where('status', '=', 'pending');
      return query.orderBy('created_at', status === 'pending' ? 'asc' : 'desc').orderBy('id').limit(limit).execute();
    },

    /**
     * Inserts a new purchase unless the account already started `limit` since `since`, exactly, however many
     * starts arrive at once: in one transaction the account's row in billing_accounts is locked, the recent
     * starts are counted and the new one is inserted, so two starts of one account never count the same rows.
     * Other accounts never wait on it. Returns 'too_many' when the cap is reached, 'account_erased' for an erased account.
     */
    async createWithinLimit(values: NewSubscription, limit: number, since: Date): Promise<SubscriptionRow | 'too_many' | 'account_erased'> {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('billing_accounts').values({ user_id: values.user_id }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
        const account = await trx.selectFrom('billing_accounts').select('erased_at').where('user_id', '=', values.user_id).forUpdate().executeTakeFirstOrThrow();
        // Decided under the lock the erasure marks the account with: nothing starts after it.
        if (account.erased_at) return 'account_erased';
        const started = await trx
          .selectFrom('subscriptions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', values.user_id)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow();
        if (Number(started.n) >= limit) return 'too_many';
        return trx.insertInto('subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
      });
    },

    /**
     * The purchase a PayPal subscription stands for, created on first sight (from the thank-you
     * page's verification or a webhook, whichever comes first).
     */
    async ensurePaypal(values: { paypalId: string; userId: string; tier: string; email: string | null; amountCents: number }): Promise<SubscriptionRow> {
      await db
        .insertInto('subscriptions')
        .values({
          user_id: values.userId,
          product: 'decoder',
          tier: values.tier,
          status: 'pending',
          provider: 'paypal',
          provider_ref: values.paypalId,
          payment_method: 'paypal',
          amount_cents: values.amountCents,
          currency: 'USD',
          email: values.email,
        })
        .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
        .execute();
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider', '=', 'paypal')
        .where('provider_ref', '=', values.paypalId)
        .executeTakeFirstOrThrow();
    },

    /** The purchase a refunded PayPal sale belongs to (sale ids are recorded when the sale completes). */
    async findBySaleRef(provider: string, saleId: string): Promise<SubscriptionRow | undefined> {
      const event = await db
        .selectFrom('payment_events')
        .select('subscription_id')
        .where('provider', '=', provider)
        .where('resource_ref', '=', saleId)
        .where('subscription_id', 'is not', null)
        .executeTakeFirst();
      return event?.subscription_id ? db.selectFrom('subscriptions').selectAll().where('id', '=', event.subscription_id).executeTakeFirst() : undefined;
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
