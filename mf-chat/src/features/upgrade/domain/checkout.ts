// The chat upgrade's checkout (spec sections 2, 4, 7 and 8): the request to billing, what its failures
// say, and what a returning buyer is told about their purchase.
import { ApiError, isNetworkError, serverMessageOf } from '@keisha/contracts';
import { CHECKOUT_MESSAGES, type CreateCheckoutSessionRequest, type SubscriptionView } from '@keisha/contracts/billing';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/network-message.ts';

type PaidTier = CreateCheckoutSessionRequest['tier'];

/** Where billing sends the buyer back: same-site paths (billing adds ?session_id=...); the cancel page can offer the same plan again. */
export function checkoutRequest(email: string, tier: PaidTier): CreateCheckoutSessionRequest {
  return {
    email,
    tier,
    success_url: '/payment-success',
    cancel_url: `/payment-cancelled?${new URLSearchParams({ plan: tier }).toString()}`,
    payment_method: 'bitcoin',
  };
}

/** Spec section 8 ("Checkout"): what a failed checkout says. */
export function checkoutProblem(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.status === 400 && error.message === CHECKOUT_MESSAGES.emailMissing) return CHECKOUT_MESSAGES.emailMissing;
  return serverMessageOf(error) ?? CHECKOUT_MESSAGES.failed;
}

/** Where to send the browser: a same-site path (the sandbox, Cash App) or the provider's https page. */
export function checkoutDestination(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export type PurchaseState = 'active' | 'pending' | 'unpaid';

/** The state of a returning buyer's purchase, as billing saw it. */
export function purchaseState(checkout: Pick<SubscriptionView, 'status' | 'grants_access'> | null | undefined): PurchaseState {
  if (!checkout) return 'pending';
  if (checkout.grants_access || checkout.status === 'active') return 'active';
  if (checkout.status === 'pending') return 'pending';
  return 'unpaid';
}
