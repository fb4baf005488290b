// Purchases. Factories over the db that also take a transaction (Transaction extends Kysely).
import type { Kysely } from 'kysely';
import type { BillingDatabase, NewSubscription, SubscriptionRow } from '../database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from outside are checked before they reach a uuid column (a cast error would be a 500). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
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

    async listManual(status: 'pending' | 'all', limit = 200): Promise<SubscriptionRow[]> {
      let query = db.selectFrom('subscriptions').selectAll().where('provider', '=', 'cashapp');
      if (status === 'pending') query = query.where('status', '=', 'pending');
      return query.orderBy('created_at', status === 'pending' ? 'asc' : 'desc').orderBy('id').limit(limit).execute();
    },

    async countStartedSince(userId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
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
