import { trackEvent, useSessionPoll, type PollOutcome, type SessionPollState } from '@keisha/store';
import { useCallback, useState } from 'react';
import { fetchUsage } from '../api/get-usage.ts';
import { verifyCheckout } from '../api/verify-checkout.ts';
import { allowanceLine, readCheckout, readVerifyError, VERIFY_ATTEMPTS, VERIFY_RETRY_MS } from '../domain/payment-return.ts';

export type VerificationState =
  | { status: 'checking' }
  | { status: 'paid'; plan: string; until: string | null; lifetime: boolean; allowance: string | null }
  | { status: 'awaiting-approval' }
  /** Still pending after every attempt. */
  | { status: 'processing' }
  | { status: 'closed'; closed: 'failed' | 'cancelled' | 'expired' | 'refunded' }
  | { status: 'sign-in' }
  /** No purchase id in the link, or billing knows none of this reader's by it. */
  | { status: 'not-found' }
  | { status: 'failed' };

type Answer = Exclude<VerificationState, { status: 'checking' | 'processing' | 'sign-in' | 'not-found' }>;

/** One question to billing about the purchase; on success, the decoder usage under the new plan. */
async function askBilling(checkoutId: string, signal: AbortSignal): Promise<PollOutcome<Answer>> {
  const reading = readCheckout(await verifyCheckout(checkoutId, signal));
  if (!reading) return { done: { status: 'failed' } };
  switch (reading.kind) {
    case 'pending':
      return 'again';
    case 'paid': {
      // The decoder reads the plan from billing on every count: its usage now carries the new limit.
      const allowance = await fetchUsage(signal).then(allowanceLine, () => null);
      if (!signal.aborted) trackEvent('payment_confirmed', { plan: reading.plan, checkout_id: checkoutId });
      return { done: { status: 'paid', plan: reading.plan, until: reading.until, lifetime: reading.lifetime, allowance } };
    }
    case 'awaiting-approval':
      return { done: { status: 'awaiting-approval' } };
    default:
      return { done: { status: 'closed', closed: reading.status } };
  }
}

/**
 * Asks billing about the purchase of the return link once the session is known, again while the provider
 * has not confirmed it, and on success reads the decoder usage under the new plan.
 */
export function usePaymentVerification(checkoutId: string | null): { state: VerificationState; retry: () => void } {
  const [round, setRound] = useState(0);
  const poll = useSessionPoll(checkoutId, askBilling, { attempts: VERIFY_ATTEMPTS, retryMs: VERIFY_RETRY_MS, round });
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { state: verificationState(poll), retry };
}

function verificationState(poll: SessionPollState<Answer>): VerificationState {
  switch (poll.status) {
    case 'idle':
      return { status: 'not-found' };
    case 'done':
    case 'waiting':
      return poll.value;
    case 'gave-up':
      return { status: 'processing' };
    case 'error':
      return { status: readVerifyError(poll.error) };
    default:
      return poll;
  }
}
