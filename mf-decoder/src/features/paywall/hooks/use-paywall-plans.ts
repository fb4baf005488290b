import { useEffect, useState } from 'react';
import { fetchPaywallPlans } from '../api/get-plans.ts';
import { PAYWALL_PLANS, type PaywallPlan } from '../domain/plans.ts';

// The catalogue changes rarely (billing caches it for 5 minutes): one answer serves the page.
let catalogued: readonly PaywallPlan[] | null = null;

/** The paywall's plans: billing's catalogue once it has answered, the built-in fallback until then or without it. */
export function usePaywallPlans(): readonly PaywallPlan[] {
  const [plans, setPlans] = useState<readonly PaywallPlan[]>(catalogued ?? PAYWALL_PLANS);

  useEffect(() => {
    if (catalogued) return;
    const controller = new AbortController();
    fetchPaywallPlans(controller.signal).then(
      (found) => {
        if (!found) return;
        catalogued = found;
        if (!controller.signal.aborted) setPlans(found);
      },
      () => undefined, // the fallback stays
    );
    return () => controller.abort();
  }, []);

  return plans;
}
