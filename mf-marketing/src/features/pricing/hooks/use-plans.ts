import type { PlansResponse } from '@keisha/contracts/billing';
import { useLoaded } from '@keisha/ui';
import { getPlans } from '../api/get-plans.ts';

export type PlansState =
  | { status: 'loading' }
  | { status: 'ready'; catalogue: PlansResponse }
  | { status: 'failed' };

function looksLikeCatalogue(value: unknown): value is PlansResponse {
  const marketing = (value as PlansResponse | null)?.marketing;
  return Array.isArray(marketing?.plans) && typeof marketing?.annual_saving?.display === 'string' && Array.isArray((value as PlansResponse).decoder?.plans);
}

/** The catalogue, read through the one shape check: an answer of another shape is a failure, like no answer. */
async function getCatalogue(signal: AbortSignal): Promise<PlansResponse> {
  const catalogue: unknown = await getPlans(signal);
  if (!looksLikeCatalogue(catalogue)) throw new Error('the answer has an unexpected shape');
  return catalogue;
}

/** The catalogue, loaded when the page mounts; `retry` loads it again after a failure. */
export function usePlans(): { state: PlansState; retry: () => void } {
  const { state, retry } = useLoaded(getCatalogue, 'the plan catalogue');
  return { state: state.status === 'ready' ? { status: 'ready', catalogue: state.value } : state, retry };
}
