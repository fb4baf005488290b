import { useKeisha } from '@keisha/store';
import { useEffect, useState } from 'react';
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

/** Where a returning buyer's checkout stands, verified with billing (which asks the provider). */
export function useCheckoutStatus(checkoutId: string | null): CheckoutStatus {
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const userId = useKeisha((s) => s.auth.user?.id ?? null);
  const [status, setStatus] = useState<CheckoutStatus>({ kind: checkoutId ? 'checking' : 'none' });

  useEffect(() => {
    if (!checkoutId) {
      setStatus({ kind: 'none' });
      return;
    }
    if (!restored) {
      setStatus({ kind: 'checking' });
      return;
    }
    // Signed out: the purchase is the account's business; the page still says it is being processed.
    if (!userId) {
      setStatus({ kind: 'none' });
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (left: number) => {
      try {
        const { checkout } = await verifyCheckout(checkoutId, controller.signal);
        if (controller.signal.aborted) return;
        const state = purchaseState(checkout);
        if (state === 'active') setStatus({ kind: 'active', plan: checkout.tier });
        else setStatus({ kind: state });
        if (state === 'pending' && left > 0) timer = setTimeout(() => void check(left - 1), RECHECK_MS);
      } catch {
        if (!controller.signal.aborted) setStatus({ kind: 'unknown' });
      }
    };
    setStatus({ kind: 'checking' });
    void check(RECHECKS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [checkoutId, restored, userId]);

  return status;
}
