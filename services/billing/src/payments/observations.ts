// Applying what a provider says (a verified webhook, or a lookup for a return page) to the
// purchase it is about. Finding that purchase is provider-specific; applying it is `fulfil`.
import type { SubscriptionRow } from '../db/database.ts';
import { isErased, isUuid } from '../db/repositories/subscriptions.ts';
import { ProviderError, type PaymentProviderName, type ProviderObservation } from '../domain/ports.ts';
import { paypalPurchase } from '../domain/purchase.ts';
import type { FastifyBaseLogger } from 'fastify';
import { fulfil, type FulfilResult } from './fulfilment.ts';
import type { Payments } from './context.ts';
import { stopOutrankedRenewals } from './upgrades.ts';
import { ERASURE_ACTOR, ERASURE_REASON } from './erasure.ts';

async function purchaseFor(payments: Payments, provider: PaymentProviderName, observation: ProviderObservation): Promise<SubscriptionRow | undefined> {
  const repo = payments.subscriptions;
  if (provider === 'paypal') {
    if (observation.refundOf) {
      const bySale = await repo.findBySaleRef('paypal', observation.refundOf);
      if (bySale) return bySale;
    }
    if (!observation.providerRef) return undefined;
    const known = await repo.findByProviderRef('paypal', observation.providerRef);
    if (known) return known;
    // First sight of a subscription: only ours (our plan, an account id as custom_id) and only
    // when it is live or about to be.
    const tier = payments.paypal?.tierOfPlan(observation.planId);
    const startsSomething = observation.signal?.kind === 'confirmed' || observation.signal?.kind === 'pending';
    if (!tier || !isUuid(observation.accountId) || !startsSomething) return undefined;
    return repo.ensurePaypal({
      paypalId: observation.providerRef,
      userId: observation.accountId.toLowerCase(),
      tier,
      // A deleted account's purchase is kept without the payer's address (docs/billing.md, "Erasing a deleted account").
      email: (await isErased(payments.db, observation.accountId)) ? null : (observation.email ?? null),
      amountCents: paypalPurchase(tier).price.cents,
    });
  }
  // Coinbase and the sandbox: by the provider's id, else by our id echoed in the metadata (a
  // webhook may overtake the response that stored the charge id).
  if (observation.providerRef) {
    const known = await repo.findByProviderRef(provider, observation.providerRef);
    if (known) return known;
  }
  if (observation.subscriptionId) {
    const row = await repo.findById(observation.subscriptionId);
    if (row && row.provider === provider && (row.provider_ref === null || row.provider_ref === observation.providerRef)) return row;
  }
  return undefined;
}

/**
 * A PayPal subscription that started for an erased account (approved in PayPal's window after the account was
 * deleted) was not activated here; it must not bill again either. PayPal unreachable: logged, and PayPal's next
 * delivery about it (a webhook retry, the next billing) is refused the same way and tries again.
 */
async function stopRefusedPaypal(payments: Payments, row: SubscriptionRow, log?: FastifyBaseLogger): Promise<void> {
  try {
    await payments.paypal?.cancel?.(row.provider_ref!, ERASURE_REASON);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log?.warn({ err: error, paypalId: row.provider_ref }, 'a PayPal subscription of a deleted account could not be cancelled; the next delivery retries');
  }
  // Our record of it is closed as the erasure closes a checkout (an activation of a closed one is refused the same way).
  await fulfil(payments.db, {
    source: 'account',
    eventId: `erased:${row.id}`,
    eventType: 'checkout.close',
    subscriptionId: row.id,
    signal: { kind: 'abandoned', reason: `cancelled: ${ERASURE_REASON}` },
    actor: ERASURE_ACTOR,
  });
}

/**
 * Applies what a provider says; after a confirmation (first delivery or a repeat), a plan it outranks stops
 * renewing (src/payments/upgrades.ts).
 */
export async function applyObservation(
  payments: Payments,
  provider: PaymentProviderName,
  observation: ProviderObservation,
  actor: string | null = null,
  log?: FastifyBaseLogger,
): Promise<FulfilResult> {
  const row = await purchaseFor(payments, provider, observation);
  const result = await fulfil(payments.db, {
    source: provider,
    eventId: observation.eventId,
    eventType: observation.eventType,
    subscriptionId: row?.id ?? null,
    signal: observation.signal,
    paid: observation.paid ?? null,
    resourceRef: observation.resourceRef ?? null,
    actor,
  });
  if (result.outcome === 'refused' && provider === 'paypal' && row?.provider_ref) await stopRefusedPaypal(payments, row, log);
  if (observation.signal?.kind !== 'confirmed') return result;
  const stopped = await stopOutrankedRenewals(payments, result.subscription, log);
  return { ...result, subscription: stopped.find((row) => row.id === result.subscription?.id) ?? result.subscription };
}
