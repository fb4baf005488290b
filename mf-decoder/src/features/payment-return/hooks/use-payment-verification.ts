import { useKeisha } from '@keisha/store';
import { useCallback, useEffect, useState } from 'react';
import { trackEvent } from '../../../lib/analytics.ts';
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

/**
 * Asks billing about the purchase of the return link once the session is known, again while the provider
 * has not confirmed it, and on success reads the decoder usage under the new plan.
 */
export function usePaymentVerification(checkoutId: string | null): { state: VerificationState; retry: () => void } {
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<VerificationState>({ status: 'checking' });

  useEffect(() => {
    if (!checkoutId) {
      setState({ status: 'not-found' });
      return;
    }
    if (!restored) {
      setState({ status: 'checking' });
      return;
    }
    if (!signedIn) {
      setState({ status: 'sign-in' });
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (number: number): Promise<void> => {
      try {
        const reading = readCheckout(await verifyCheckout(checkoutId, controller.signal));
        if (controller.signal.aborted) return;
        if (!reading) {
          setState({ status: 'failed' });
        } else if (reading.kind === 'pending') {
          if (number < VERIFY_ATTEMPTS) timer = setTimeout(() => void ask(number + 1), VERIFY_RETRY_MS);
          else setState({ status: 'processing' });
        } else if (reading.kind === 'paid') {
          // The decoder reads the plan from billing on every count: its usage now carries the new limit.
          const allowance = await fetchUsage(controller.signal).then(allowanceLine, () => null);
          if (controller.signal.aborted) return;
          setState({ status: 'paid', plan: reading.plan, until: reading.until, lifetime: reading.lifetime, allowance });
          trackEvent('payment_confirmed', { plan: reading.plan, checkout_id: checkoutId });
        } else if (reading.kind === 'awaiting-approval') {
          setState({ status: 'awaiting-approval' });
        } else {
          setState({ status: 'closed', closed: reading.status });
        }
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: readVerifyError(error) });
      }
    };
    setState({ status: 'checking' });
    void ask(1);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [checkoutId, restored, signedIn, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
