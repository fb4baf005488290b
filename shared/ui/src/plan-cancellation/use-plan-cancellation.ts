import { CANCEL_REFUSALS, PAYMENT_MESSAGES } from '@keisha/contracts/billing';
import { useState } from 'react';

/** Where a self-service cancellation stands: offered, being confirmed, sent to billing, done (until when), refused. */
export type PlanCancellationStep =
  | { kind: 'idle' }
  | { kind: 'confirm' }
  | { kind: 'busy' }
  | { kind: 'done'; until: string | null }
  | { kind: 'failed'; message: string };

/** The spec's failure status of a refused cancellation, and why when billing said (its error code). */
export function cancelRefusalMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ALREADY_PAID') return `${PAYMENT_MESSAGES.cancelFailed}: ${CANCEL_REFUSALS.alreadyPaid}`;
  if (code === 'NOT_CANCELLABLE') return `${PAYMENT_MESSAGES.cancelFailed}: ${CANCEL_REFUSALS.notActive}`;
  return `${PAYMENT_MESSAGES.cancelFailed}. Please try again.`;
}

/**
 * Self-service cancellation of a renewing plan (issue 28, item 4), as the account page and the chat settings offer
 * it: Cancel, a confirm step (or Keep), then billing's answer. `cancel` asks billing and returns the date the plan
 * stays active until, or null when it is not known.
 */
export function usePlanCancellation(cancel: () => Promise<string | null>) {
  const [step, setStep] = useState<PlanCancellationStep>({ kind: 'idle' });
  const confirm = async () => {
    setStep({ kind: 'busy' });
    try {
      setStep({ kind: 'done', until: await cancel() });
    } catch (error) {
      setStep({ kind: 'failed', message: cancelRefusalMessage(error) });
    }
  };
  return { step, ask: () => setStep({ kind: 'confirm' }), keep: () => setStep({ kind: 'idle' }), confirm };
}
