import { useCallback, useEffect, useState } from 'react';
import { fetchPaywallPlans } from '../api/get-plans.ts';
import type { PaywallPlan } from '../domain/plans.ts';

export type PaywallPlansState =
  | { status: 'loading' }
  | { status: 'ready'; plans: readonly PaywallPlan[] }
  /** Billing's catalogue could not be read: no price is shown rather than a guessed one. */
  | { status: 'failed' };

// The catalogue changes rarely (billing caches it for 5 minutes): one answer serves the page.
let catalogued: readonly PaywallPlan[] | null = null;

/** Forgets the plans read so far (tests, and nothing else, need a fresh page). */
export function forgetPaywallPlans(): void {
  catalogued = null;
}

/** The paywall's plans, from billing's catalogue only; `retry` asks again after a failure. */
export function usePaywallPlans(): { state: PaywallPlansState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PaywallPlansState>(() => (catalogued ? { status: 'ready', plans: catalogued } : { status: 'loading' }));

  useEffect(() => {
    if (catalogued) {
      setState({ status: 'ready', plans: catalogued });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPaywallPlans(controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        if (found) catalogued = found;
        setState(found ? { status: 'ready', plans: found } : { status: 'failed' });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
