import type { SubscriptionView } from '@keisha/contracts/billing';
import { useCallback, useEffect, useState } from 'react';
import { fetchSubscriptions } from '../api/subscription.ts';
import { currentChatPurchase } from '../domain/plan-status.ts';

export interface ChatPurchaseState {
  /** undefined while loading or when billing does not answer; null: no paid chat plan. */
  purchase: SubscriptionView | null | undefined;
  /** Billing's answer to a Cancel replaces the purchase shown. */
  replace: (purchase: SubscriptionView) => void;
}

/** The account's current chat purchase from billing (for "Renews on" / "Active until" and Cancel). */
export function useChatPurchase(userId: string | null): ChatPurchaseState {
  const [purchase, setPurchase] = useState<SubscriptionView | null | undefined>(undefined);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchSubscriptions(userId, controller.signal).then(
      (response) => {
        if (!controller.signal.aborted) setPurchase(currentChatPurchase(response.subscriptions ?? []));
      },
      () => undefined, // no date and no Cancel are shown
    );
    return () => controller.abort();
  }, [userId]);
  const replace = useCallback((next: SubscriptionView) => setPurchase(next), []);
  return { purchase, replace };
}
