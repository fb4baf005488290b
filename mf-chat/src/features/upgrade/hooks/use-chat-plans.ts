import type { PaymentOptionsResponse } from '@keisha/contracts/billing';
import { useCallback, useEffect, useState } from 'react';
import { fetchCatalogue, fetchPaymentOptions } from '../api/plans.ts';
import { chatPlanCards, type ChatPlanCard } from '../domain/plans.ts';

export interface ChatPlansState {
  status: 'loading' | 'ready' | 'failed';
  plans: ChatPlanCard[];
  /** The Cash App tag and the sandbox flag; null until known (or when billing does not say). */
  options: PaymentOptionsResponse | null;
  retry: () => void;
}

/** The chat plans from billing's catalogue, with the payment options; nothing is shown from memory. */
export function useChatPlans(): ChatPlansState {
  const [status, setStatus] = useState<ChatPlansState['status']>('loading');
  const [plans, setPlans] = useState<ChatPlanCard[]>([]);
  const [options, setOptions] = useState<PaymentOptionsResponse | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    fetchCatalogue(controller.signal).then(
      (response) => {
        if (controller.signal.aborted) return;
        const cards = chatPlanCards(response);
        setPlans(cards ?? []);
        setStatus(cards ? 'ready' : 'failed');
      },
      () => {
        if (!controller.signal.aborted) setStatus('failed');
      },
    );
    fetchPaymentOptions(controller.signal).then(
      (response) => {
        if (!controller.signal.aborted) setOptions(response);
      },
      () => undefined, // the instructions then say to ask support for the tag
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, plans, options, retry };
}
