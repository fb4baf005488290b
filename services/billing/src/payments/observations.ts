// Applying what a provider says (a verified webhook, or a lookup for a return page) to the
// purchase it is about. Finding that purchase is provider-specific; applying it is `fulfil`.
import type { SubscriptionRow } from '../db/database.ts';
import { isUuid } from '../db/repositories/subscriptions.ts';
import type { PaymentProviderName, ProviderObservation } from '../domain/ports.ts';
import { paypalPurchase } from '../domain/purchase.ts';
import type { FastifyBaseLogger } from 'fastify';
import { fulfil, type FulfilResult } from './fulfilment.ts';
import type { Payments } from './context.ts';
import { stopOutrankedRenewals } from './upgrades.ts';

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
      email: observation.email ?? null,
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
  if (observation.signal?.kind !== 'confirmed') return result;
  const stopped = await stopOutrankedRenewals(payments, result.subscription, log);
  return { ...result, subscription: stopped.find((row) => row.id === result.subscription?.id) ?? result.subscription };
}
