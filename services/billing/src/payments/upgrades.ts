// One plan per product renews (src/domain/plan-cover.ts). Before a purchase starts: refused when the reader's
// plan already covers it. After a payment is confirmed (an upgrade, a lower checkout paid late, or a replay of
// either): each plan outranked by a higher one stops renewing through the reader's own Cancel (`cancelPurchase`:
// PayPal's subscription is cancelled at PayPal, then the purchase is marked cancelled under its row lock), and
// keeps the period it paid for. Idempotent: a replay, or two activations at once, finds nothing more to stop.
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionRow } from '../db/database.ts';
import { currentPurchase } from '../domain/entitlements.ts';
import { alreadyCoveredMessage, coveringPurchase, planName, renewalsToStop } from '../domain/plan-cover.ts';
import type { Purchase } from '../domain/purchase.ts';
import { cancelPurchase } from './cancellation.ts';
import type { Payments } from './context.ts';

/** Every purchase of the account of one product (all of them: an account holds a handful). */
async function purchasesOf(payments: Payments, userId: string, product: string): Promise<SubscriptionRow[]> {
  return (await payments.subscriptions.listForUser(userId, 10_000)).filter((row) => row.product === product);
}

/** The reader's purchase that already gives what `purchase` would, and why buying it is refused; or null. */
export async function alreadyCovered(payments: Payments, userId: string, purchase: Pick<Purchase, 'product' | 'tier' | 'cycle'>, now: Date = new Date()) {
  const covering = coveringPurchase(await purchasesOf(payments, userId, purchase.product), purchase, now);
  return covering ? { covering, message: alreadyCoveredMessage(covering, purchase) } : null;
}

export { PLAN_ALREADY_COVERED } from '@keisha/contracts/billing';

export const UPGRADE_CANCEL_ACTOR = 'billing:upgrade';

/**
 * After a payment of `confirmed` was confirmed (applied now or before): stops the renewal of every plan of the
 * same product that a higher one outranks. A provider refusing (PayPal down) is logged and left for the next
 * delivery of a confirmation (a webhook retry, the thank-you page's verification), which tries again.
 */
export async function stopOutrankedRenewals(payments: Payments, confirmed: SubscriptionRow | null, log?: FastifyBaseLogger, now: Date = new Date()): Promise<SubscriptionRow[]> {
  if (!confirmed || (confirmed.status !== 'active' && confirmed.status !== 'cancelled')) return [];
  const held = await purchasesOf(payments, confirmed.user_id, confirmed.product);
  const stopped: SubscriptionRow[] = [];
  const plan = currentPurchase(held, confirmed.product, now) ?? confirmed;
  for (const lower of renewalsToStop(held, now)) {
    const outcome = await cancelPurchase(payments, lower, {
      expected: 'active',
      reason: `Replaced by ${planName(plan.product, plan.tier)}`,
      actor: UPGRADE_CANCEL_ACTOR,
    });
    if (outcome.ok) stopped.push(outcome.subscription);
    else log?.warn({ subscriptionId: lower.id, code: outcome.code, reason: outcome.reason }, 'an outranked plan could not be stopped from renewing; the next confirmation retries');
  }
  return stopped;
}
