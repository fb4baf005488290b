// Money that arrived for a purchase after its account was deleted: fulfil recorded it as refused and applied
// nothing; an administrator refunds it at the provider and marks it returned (docs/billing.md, "Payments for
// deleted accounts"). One row per purchase, however many times the provider told us about it.
import { sql, type Kysely } from 'kysely';
import type { BillingDatabase, SubscriptionRow } from '../database.ts';
import { ACCOUNT_ERASED_REASON } from '../../payments/fulfilment.ts';

/** The outcome fulfil records for such a payment (the migration's partial index names the same text). */
export const ERASED_ACCOUNT_REFUSAL = `refused: ${ACCOUNT_ERASED_REASON}`;

export interface ErasedAccountPaymentRecord {
  subscription: SubscriptionRow;
  arrivedAt: Date;
  returnedAt: Date | null;
  returnedBy: string | null;
  /** The provider's references of payments on this purchase received since the erasure (PayPal sale ids). */
  paymentRefs: string[];
}

export function erasedAccountPaymentsRepository(db: Kysely<BillingDatabase>) {
  const refusals = () =>
    db
      .selectFrom('payment_events')
      .select(['subscription_id', sql<Date>`min(received_at)`.as('arrived_at')])
      .where('outcome', '=', ERASED_ACCOUNT_REFUSAL)
      .where('subscription_id', 'is not', null)
      .groupBy('subscription_id');

  const rows = () =>
    db
      .selectFrom(refusals().as('refusals'))
      .innerJoin('subscriptions', 'subscriptions.id', 'refusals.subscription_id')
      .leftJoin('erased_account_payment_returns as returns', 'returns.subscription_id', 'subscriptions.id')
      .selectAll('subscriptions')
      .select(['refusals.arrived_at', 'returns.returned_at', 'returns.returned_by']);

  async function withPaymentRefs(found: Array<SubscriptionRow & { arrived_at: Date; returned_at: Date | null; returned_by: string | null }>): Promise<ErasedAccountPaymentRecord[]> {
    const ids = found.map((row) => row.id);
    const refs = ids.length
      ? await db
          .selectFrom('payment_events as events')
          .innerJoin('subscriptions', 'subscriptions.id', 'events.subscription_id')
          .innerJoin('billing_accounts as accounts', 'accounts.user_id', 'subscriptions.user_id')
          .select(['events.subscription_id', 'events.resource_ref'])
          .where('events.subscription_id', 'in', ids)
          .where('events.resource_ref', 'is not', null)
          .whereRef('events.received_at', '>=', 'accounts.erased_at')
          .orderBy('events.received_at')
          .execute()
      : [];
    return found.map(({ arrived_at, returned_at, returned_by, ...subscription }) => ({
      subscription,
      arrivedAt: new Date(arrived_at),
      returnedAt: returned_at === null ? null : new Date(returned_at),
      returnedBy: returned_by,
      paymentRefs: [...new Set(refs.filter((ref) => ref.subscription_id === subscription.id).map((ref) => ref.resource_ref!))],
    }));
  }

  async function find(subscriptionId: string): Promise<ErasedAccountPaymentRecord | undefined> {
    const found = await rows().where('subscriptions.id', '=', subscriptionId).execute();
    return (await withPaymentRefs(found))[0];
  }

  return {
    find,

    /** Newest first. */
    async list(page: number, pageSize: number): Promise<{ records: ErasedAccountPaymentRecord[]; total: number }> {
      const [found, count] = await Promise.all([
        rows()
          .orderBy('refusals.arrived_at', 'desc')
          .orderBy('subscriptions.id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db.selectFrom(refusals().as('refusals')).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { records: await withPaymentRefs(found), total: Number(count.total) };
    },

    /** The first mark stands: marking again changes nothing. Undefined when no such payment was refused. */
    async markReturned(subscriptionId: string, administrator: string, now: Date = new Date()): Promise<ErasedAccountPaymentRecord | undefined> {
      if (!(await find(subscriptionId))) return undefined;
      await db
        .insertInto('erased_account_payment_returns')
        .values({ subscription_id: subscriptionId, returned_at: now, returned_by: administrator })
        .onConflict((oc) => oc.column('subscription_id').doNothing())
        .execute();
      return find(subscriptionId);
    },
  };
}
