import type { Entitlement } from '@keisha/contracts/billing';
import { useEffect, useState } from 'react';
import { fetchEntitlement } from '../api/entitlement.ts';

/** The account's entitlement from billing (for the renewal date); null until known or when billing does not answer. */
export function useEntitlement(): Entitlement | null {
  const [entitlement, setEntitlement] = useState<Entitlement | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchEntitlement(controller.signal).then(
      (response) => {
        if (!controller.signal.aborted) setEntitlement(response.entitlement ?? null);
      },
      () => undefined, // no renewal date is shown
    );
    return () => controller.abort();
  }, []);
  return entitlement;
}
