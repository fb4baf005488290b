import { useKeisha } from '@keisha/store';
import { useEffect, useState } from 'react';
import { verifyPaypalSubscription } from '../api/verify-paypal.ts';
import { readVerification, readVerificationError, VERIFY_ATTEMPTS, VERIFY_RETRY_MS, type VerificationState } from '../domain/paypal-verification.ts';

/** Asks billing to verify the PayPal subscription once the session is known, retrying while PayPal activates it. */
export function usePaypalVerification(subscriptionId: string | null): VerificationState {
  const restored = useKeisha((state) => state.auth.sessionRestored);
  const signedIn = useKeisha((state) => state.auth.isAuthenticated);
  const [state, setState] = useState<VerificationState>(() => (subscriptionId ? { status: 'checking' } : { status: 'not-needed' }));

  useEffect(() => {
    if (!subscriptionId) {
      setState({ status: 'not-needed' });
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
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (number: number) => {
      verifyPaypalSubscription(subscriptionId).then(
        (response) => {
          if (cancelled) return;
          const outcome = readVerification(response);
          if (outcome === 'retry' && number < VERIFY_ATTEMPTS) timer = setTimeout(() => attempt(number + 1), VERIFY_RETRY_MS);
          else setState({ status: outcome === 'retry' ? 'pending' : outcome });
        },
        (error: unknown) => {
          if (!cancelled) setState({ status: readVerificationError(error) });
        },
      );
    };
    setState({ status: 'checking' });
    attempt(1);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [subscriptionId, restored, signedIn]);

  return state;
}
