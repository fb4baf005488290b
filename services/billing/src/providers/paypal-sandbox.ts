// The PayPal sandbox (issue 28, item 3): with PAYMENTS_SANDBOX on and no PayPal keys, billing stands in for
// PayPal so the pricing page's PayPal path completes offline. It keeps what PayPal would keep for each
// subscription (paypal_sandbox_subscriptions), serves an approval page in place of PayPal's, and answers
// `lookup` and `cancel` exactly as the real adapter does, so the thank-you page's verification, the
// webhook-free activation and the account page's Cancel run through the same routes and `fulfil`.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BillingDatabase, PaypalSandboxSubscriptionRow } from '../db/database.ts';
import { periodEnd } from '../domain/period.ts';
import type { DecoderPaidTier } from '../domain/purchase.ts';
import type { ProviderObservation } from '../domain/ports.ts';
import { signalOfSubscription, type PaypalProvider } from './paypal.ts';

/** What the pricing page is told: a client id that is not PayPal's, and plan ids only the sandbox knows. */
export const PAYPAL_SANDBOX_CLIENT_ID = 'sandbox';
export const PAYPAL_SANDBOX_PLANS: Record<DecoderPaidTier, string> = { monthly: 'P-SANDBOX-MONTHLY', annual: 'P-SANDBOX-ANNUAL' };

/** PayPal's ids look like I-BW452GLLEP1G; the sandbox's say what they are. */
export const PAYPAL_SANDBOX_ID = /^I-SANDBOX-[A-Z0-9]{12}$/;

export interface PaypalSandboxProvider extends PaypalProvider {
  readonly sandbox: true;
  /** What PayPal's createSubscription does in the browser: a subscription waiting for the buyer's approval. */
  createSubscription(values: { tier: DecoderPaidTier; accountId: string; email: string | null }): Promise<PaypalSandboxSubscriptionRow>;
  find(id: string): Promise<PaypalSandboxSubscriptionRow | undefined>;
  /** The buyer approves on the sandbox's approval page: ACTIVE, billed again after one period. */
  approve(id: string): Promise<PaypalSandboxSubscriptionRow | undefined>;
  /** The observation PayPal's BILLING.SUBSCRIPTION.ACTIVATED webhook would carry. */
  activation(row: PaypalSandboxSubscriptionRow): ProviderObservation;
}

function newId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `I-SANDBOX-${[...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export function paypalSandboxProvider(db: Kysely<BillingDatabase>, now: () => Date = () => new Date()): PaypalSandboxProvider {
  const tierOfPlan = (planId: string | null | undefined): DecoderPaidTier | null =>
    planId === PAYPAL_SANDBOX_PLANS.monthly ? 'monthly' : planId === PAYPAL_SANDBOX_PLANS.annual ? 'annual' : null;

  const observe = (row: PaypalSandboxSubscriptionRow, eventId: string, eventType: string): ProviderObservation => {
    const next = row.next_billing_time?.toISOString() ?? null;
    return {
      eventId,
      eventType,
      providerRef: row.id,
      subscriptionId: null,
      accountId: row.custom_id,
      planId: row.plan_id,
      email: row.subscriber_email,
      signal: signalOfSubscription({ status: row.status, billing_info: { next_billing_time: next } }),
      providerStatus: row.status,
    };
  };

  const find = async (id: string) => (PAYPAL_SANDBOX_ID.test(id) ? db.selectFrom('paypal_sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst() : undefined);

  return {
    name: 'paypal',
    sandbox: true,
    tierOfPlan,
    find,

    async createSubscription({ tier, accountId, email }) {
      return db
        .insertInto('paypal_sandbox_subscriptions')
        .values({ id: newId(), plan_id: PAYPAL_SANDBOX_PLANS[tier], custom_id: accountId, subscriber_email: email, status: 'APPROVAL_PENDING' })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async approve(id) {
      const row = await find(id);
      if (!row) return undefined;
      const tier = tierOfPlan(row.plan_id);
      if (row.status !== 'APPROVAL_PENDING' || !tier) return row;
      const at = now();
      const approved = await db
        .updateTable('paypal_sandbox_subscriptions')
        .set({ status: 'ACTIVE', next_billing_time: periodEnd(tier === 'annual' ? 'yearly' : 'monthly', at), updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'APPROVAL_PENDING')
        .returningAll()
        .executeTakeFirst();
      return approved ?? (await find(id));
    },

    activation: (row) => observe(row, `sandbox:${row.id}:ACTIVATED`, 'BILLING.SUBSCRIPTION.ACTIVATED'),

    async lookup(id: string) {
      const row = await find(id);
      return row ? observe(row, `lookup:${row.id}:${row.status}:${row.next_billing_time?.toISOString() ?? ''}`, 'subscription.lookup') : null;
    },

    async cancel(id: string) {
      // As PayPal: cancelling what is not active any more is what was wanted.
      await db.updateTable('paypal_sandbox_subscriptions').set({ status: 'CANCELLED', updated_at: now() }).where('id', '=', id).where('status', '=', 'ACTIVE').execute();
    },
  };
}
