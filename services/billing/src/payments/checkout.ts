// Starting a purchase: a pending row priced from the catalogue, the return URLs checked and given
// the purchase's id, then the provider's place to pay. If the provider fails, the row is closed
// as never started and the caller answers with the spec's failure message.
import { randomUUID } from 'node:crypto';
import type { SubscriptionRow } from '../db/database.ts';
import { ProviderError, type CheckoutSession, type PaymentProvider } from '../domain/ports.ts';
import type { Purchase } from '../domain/purchase.ts';
import { checkReturnUrl, withCheckoutReference } from '../domain/return-urls.ts';
import type { Payments } from './context.ts';
import { alreadyCovered } from './upgrades.ts';

/** Purchases one account may start per hour (each is a row an administrator might have to read). */
export const CHECKOUTS_PER_HOUR = 30;

export type CheckoutFailure =
  | { kind: 'bad_urls' }
  /** The reader's plan already gives what this purchase would (nothing to pay for). */
  | { kind: 'covered'; message: string; covering: SubscriptionRow }
  | { kind: 'too_many' }
  /** The account was deleted (erased) while this start was on its way. */
  | { kind: 'account_erased' }
  | { kind: 'no_provider' }
  | { kind: 'provider_failed'; error: unknown };

export type CheckoutResult = { ok: true; row: SubscriptionRow; session: CheckoutSession } | ({ ok: false } & CheckoutFailure);

export interface CheckoutRequest {
  userId: string;
  email: string | null;
  purchase: Purchase;
  provider: PaymentProvider | null;
  returnUrl: string;
  cancelUrl: string;
  /** The query parameter the return pages read the id from: subscription_id or session_id. */
  referenceParam: 'subscription_id' | 'session_id';
}

export async function startCheckout(payments: Payments, request: CheckoutRequest): Promise<CheckoutResult> {
  const returnUrl = checkReturnUrl(request.returnUrl, payments.allowedOrigins);
  const cancelUrl = checkReturnUrl(request.cancelUrl, payments.allowedOrigins);
  if (!returnUrl.ok || !cancelUrl.ok) return { ok: false, kind: 'bad_urls' };
  const covered = await alreadyCovered(payments, request.userId, request.purchase);
  if (covered) return { ok: false, kind: 'covered', ...covered };
  const provider = request.provider;
  if (!provider?.createCheckout) return { ok: false, kind: 'no_provider' };
  const id = randomUUID();
  const back = withCheckoutReference(returnUrl.url, request.referenceParam, id);
  const away = withCheckoutReference(cancelUrl.url, request.referenceParam, id);
  // Counted and inserted under the account's lock: the cap holds however many starts arrive at once.
  const row = await payments.subscriptions.createWithinLimit(
    {
      id,
      user_id: request.userId,
      product: request.purchase.product,
      tier: request.purchase.tier,
      status: 'pending',
      provider: provider.name,
      payment_method: request.purchase.method,
      amount_cents: request.purchase.price.cents,
      currency: request.purchase.price.currency,
      email: request.email,
      return_url: back,
      cancel_url: away,
    },
    CHECKOUTS_PER_HOUR,
    new Date(Date.now() - 3600_000),
  );
  if (row === 'too_many' || row === 'account_erased') return { ok: false, kind: row };
  let session: CheckoutSession;
  try {
    session = await provider.createCheckout({ subscriptionId: id, userId: request.userId, email: request.email, purchase: request.purchase, returnUrl: back, cancelUrl: away });
  } catch (error) {
    await payments.subscriptions.markNotStarted(id, error instanceof ProviderError ? 'the payment provider refused the checkout' : 'the checkout could not be created');
    return { ok: false, kind: 'provider_failed', error };
  }
  await payments.subscriptions.attachCheckout(id, session.providerRef, session.paymentUrl);
  return { ok: true, row: { ...row, provider_ref: session.providerRef, checkout_url: session.paymentUrl }, session };
}
