import { useSessionPoll, type PollOutcome } from '@keisha/store';
import { verifyCheckout } from '../api/checkout.ts';
import { purchaseState } from '../domain/checkout.ts';

export type CheckoutStatus =
  /** No checkout id in the link: nothing to check, nothing claimed. */
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'active'; plan: string }
  | { kind: 'pending' }
  | { kind: 'unpaid' }
  /** The reader is not signed in: the purchase is the account's business. */
  | { kind: 'sign-in' }
  /** Billing knows no purchase of this reader's by that id (someone else's, or made up). */
  | { kind: 'not-found' }
  | { kind: 'unknown' };

/** A pending purchase is asked about again this often, this many times (a confirmation can take a moment). */
const RECHECK_MS = 3000;
const RECHECKS = 5;

async function askBilling(checkoutId: string, signal: AbortSignal): Promise<PollOutcome<CheckoutStatus>> {
  const { checkout } = await verifyCheckout(checkoutId, signal);
  const state = purchaseState(checkout);
  if (state === 'active') return { done: { kind: 'active', plan: checkout.tier } };
  // Said at once, while billing is asked again.
  if (state === 'pending') return { waiting: { kind: 'pending' } };
  return { done: { kind: state } };
}

/** How a refused question reads: signed out, not this reader's purchase, or a failure to ask. */
export function statusOfError(error: unknown): CheckoutStatus {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 401) return { kind: 'sign-in' };
  if (status === 404 || status === 403 || status === 400) return { kind: 'not-found' };
  return { kind: 'unknown' };
}

/**
 * Where a returning buyer's checkout stands, verified with billing (which asks the provider), like the
 * decoder's payment-return page: a return link is only a claim, and success is said once billing says so.
 */
export function useCheckoutStatus(checkoutId: string | null): CheckoutStatus {
  const poll = useSessionPoll(checkoutId, askBilling, { attempts: RECHECKS + 1, retryMs: RECHECK_MS });
  switch (poll.status) {
    case 'checking':
      return { kind: 'checking' };
    case 'waiting':
    case 'done':
      return poll.value;
    case 'gave-up':
      return { kind: 'pending' };
    case 'error':
      return statusOfError(poll.error);
    case 'sign-in':
      return { kind: 'sign-in' };
    default:
      return { kind: 'none' };
  }
}
