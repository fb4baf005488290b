import type { PlansResponse } from '@keisha/contracts/billing';
import { useCallback, useEffect, useState } from 'react';
import { getPlans } from '../api/get-plans.ts';

export type PlansState =
  | { status: 'loading' }
  | { status: 'ready'; catalogue: PlansResponse }
  | { status: 'failed' };

function looksLikeCatalogue(value: unknown): value is PlansResponse {
  const marketing = (value as PlansResponse | null)?.marketing;
  return Array.isArray(marketing?.plans) && typeof marketing?.annual_saving?.display === 'string' && Array.isArray((value as PlansResponse).decoder?.plans);
}

/** The catalogue, loaded when the page mounts; `retry` loads it again after a failure. */
export function usePlans(): { state: PlansState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlansState>({ status: 'loading' });

  useEffect(() => {
    const request = new AbortController();
    setState({ status: 'loading' });
    getPlans(request.signal).then(
      (catalogue) => {
        if (request.signal.aborted) return;
        if (looksLikeCatalogue(catalogue)) setState({ status: 'ready', catalogue });
        else {
          console.error('[keisha] the plan catalogue has an unexpected shape');
          setState({ status: 'failed' });
        }
      },
      (error: unknown) => {
        if (request.signal.aborted) return;
        console.warn('[keisha] could not load the plan catalogue:', error instanceof Error ? error.message : error);
        setState({ status: 'failed' });
      },
    );
    return () => request.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
