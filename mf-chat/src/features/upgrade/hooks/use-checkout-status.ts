import { useSessionPoll, type PollOutcome } from '@keisha/store';
import { verifyCheckout } from '../api/checkout.ts';
import { purchaseState } from '../domain/checkout.ts';

export type CheckoutStatus =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'active'; plan: string }
  | { kind: 'pending' }
  | { kind: 'unpaid' }
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

/** Where a returning buyer's checkout stands, verified with billing (which asks the provider). */
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
      return { kind: 'unknown' };
    default:
      // No checkout in the link, or signed out (the purchase is the account's business): the page still says
      // it is being processed.
      return { kind: 'none' };
  }
}
