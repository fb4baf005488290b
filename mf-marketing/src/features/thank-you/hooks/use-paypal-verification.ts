import { useSessionPoll, type PollOutcome } from '@keisha/store';
import { verifyPaypalSubscription } from '../api/verify-paypal.ts';
import { readVerification, readVerificationError, VERIFY_ATTEMPTS, VERIFY_RETRY_MS, type VerificationState } from '../domain/paypal-verification.ts';

async function askBilling(subscriptionId: string): Promise<PollOutcome<'verified' | 'failed'>> {
  const outcome = readVerification(await verifyPaypalSubscription(subscriptionId));
  return outcome === 'retry' ? 'again' : { done: outcome };
}

/** Asks billing to verify the PayPal subscription once the session is known, retrying while PayPal activates it. */
export function usePaypalVerification(subscriptionId: string | null): VerificationState {
  const poll = useSessionPoll(subscriptionId, askBilling, { attempts: VERIFY_ATTEMPTS, retryMs: VERIFY_RETRY_MS });
  switch (poll.status) {
    case 'idle':
      return { status: 'not-needed' };
    case 'done':
      return { status: poll.value };
    case 'waiting':
      return { status: 'checking' };
    case 'gave-up':
      return { status: 'pending' };
    case 'error':
      return { status: readVerificationError(poll.error) };
    default:
      return poll;
  }
}
