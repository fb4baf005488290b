// Erasing a deleted account (docs/billing.md, "Erasing a deleted account"). identity deletes the account, then
// calls billing until it answers 200. In order:
// 1. the account is marked erased under its lock row (billing_accounts), so no purchase starts and no payment
//    activates for it afterwards (createWithinLimit and fulfil read the mark under the same row lock);
// 2. its unpaid checkouts are closed (the buyer's own Cancel), so nobody pays or approves money into it;
// 3. every plan that would renew is stopped through the buyer's own Cancel (at PayPal first);
// 4. what names the person is cleared from the records, which are kept under the opaque account id.
// A provider that cannot be reached leaves step 3 unfinished: the caller answers 503 and identity's retry runs
// the whole erasure again, each step finding done what was done. Counts are what this call changed.
import { sql, type Kysely } from 'kysely';
import type { BillingDatabase, SubscriptionRow } from '../db/database.ts';
import { addressesPaidWith } from '../db/repositories/subscriptions.ts';
import { cancelPurchase } from './cancellation.ts';
import type { Payments } from './context.ts';

/** The actor erasure's cancellations are recorded with (payment_events.actor). */
export const ERASURE_ACTOR = 'billing:erasure';
/** The reason the erasure gives when it closes a checkout or stops a plan (also PayPal's cancel reason). */
export const ERASURE_REASON = 'Account deleted';
/** What replaces a person's free text (a buyer's reason to cancel, an administrator's words on a rejection). */
const ERASED_TEXT = '(erased with the account)';

export interface Erasure {
  erased: {
    checkouts_closed: number;
    renewals_stopped: number;
    purchase_records_cleared: number;
    paypal_sandbox_records_cleared: number;
    demo_requests_deleted: number;
  };
  /** Plans still renewing because their provider could not be reached: the erasure is not finished. */
  unfinished: Array<{ subscription_id: string; provider: string; reason: string }>;
}

/** Marks the account erased under its lock row; a purchase start or an activation holding the lock goes first. */
async function markErased(db: Kysely<BillingDatabase>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('billing_accounts').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    await trx.selectFrom('billing_accounts').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('billing_accounts').set({ erased_at: new Date() }).where('user_id', '=', userId).where('erased_at', 'is', null).execute();
  });
}

/** Free text a person wrote about a purchase: a close with the buyer's reason, an administrator's rejection. */
const PERSONAL_REASON = sql<boolean>`(failure_reason ~ '^(cancelled|rejected): ' and failure_reason not in (${`cancelled: ${ERASURE_REASON}`}, ${`cancelled: ${ERASED_TEXT}`}, ${`rejected: ${ERASED_TEXT}`}))`;

/**
 * Deletes the demo requests under `addresses` (addressesPaidWith's, lower-cased). The expression index on
 * lower(email) (migration 2026120502) serves it; the export lists the same rows (demoRequestsQuery).
 */
export function deleteDemoRequestsQuery(db: Kysely<BillingDatabase>, addresses: readonly string[]) {
  return db.deleteFrom('enterprise_demo_requests').where(sql<string>`lower(email)`, 'in', addresses);
}

/** Clears what names the person; purchases, payment events and amounts stay, under the opaque account id. */
async function clearPersonalData(db: Kysely<BillingDatabase>, userId: string): Promise<Omit<Erasure['erased'], 'checkouts_closed' | 'renewals_stopped'>> {
  return db.transaction().execute(async (trx) => {
    const addresses = await addressesPaidWith(trx, userId);
    // The demo requests under the addresses this account paid with are this person's too.
    const demoRequests = addresses.length
      ? await deleteDemoRequestsQuery(trx, addresses).executeTakeFirst()
      : { numDeletedRows: 0n };
    const purchases = await trx
      .updateTable('subscriptions')
      .set({
        email: null,
        // Where the buyer's browser went back to: addresses the page chose, with whatever its query carried.
        return_url: null,
        cancel_url: null,
        failure_reason: sql<string>`case when ${PERSONAL_REASON} then split_part(failure_reason, ':', 1) || ${`: ${ERASED_TEXT}`} else failure_reason end`,
      })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('email', 'is not', null), eb('return_url', 'is not', null), eb('cancel_url', 'is not', null), PERSONAL_REASON]))
      .executeTakeFirst();
    const sandbox = await trx
      .updateTable('paypal_sandbox_subscriptions')
      .set({ subscriber_email: null })
      .where('custom_id', '=', userId)
      .where('subscriber_email', 'is not', null)
      .executeTakeFirst();
    return {
      purchase_records_cleared: Number(purchases.numUpdatedRows),
      paypal_sandbox_records_cleared: Number(sandbox.numUpdatedRows),
      demo_requests_deleted: Number(demoRequests.numDeletedRows),
    };
  });
}

export async function eraseAccount(payments: Payments, accountId: string): Promise<Erasure> {
  const userId = accountId.toLowerCase();
  await markErased(payments.db, userId);
  const purchases = async (status: SubscriptionRow['status']) => (await payments.subscriptions.listForUser(userId, 10_000)).filter((row) => row.status === status);
  const request = { reason: ERASURE_REASON, actor: ERASURE_ACTOR };

  let checkoutsClosed = 0;
  for (const checkout of await purchases('pending')) {
    // A checkout paid just before the mark stays paid (409 ALREADY_PAID) and is stopped below like any plan.
    if ((await cancelPurchase(payments, checkout, { ...request, expected: 'pending' })).ok) checkoutsClosed++;
  }

  let renewalsStopped = 0;
  const unfinished: Erasure['unfinished'] = [];
  for (const plan of (await purchases('active')).filter((row) => !row.lifetime)) {
    const outcome = await cancelPurchase(payments, plan, { ...request, expected: 'active' });
    if (outcome.ok) renewalsStopped++;
    else if (outcome.status !== 409) unfinished.push({ subscription_id: plan.id, provider: plan.provider, reason: outcome.reason });
    // 409: it stopped being active meanwhile (refunded), so it renews no more.
  }

  const cleared = await clearPersonalData(payments.db, userId);
  return { erased: { checkouts_closed: checkoutsClosed, renewals_stopped: renewalsStopped, ...cleared }, unfinished };
}
