import { alreadyCoveredMessage } from '@keisha/contracts/billing';
import { trackEvent, useKeisha } from '@keisha/store';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createSubscription } from '../api/create-subscription.ts';
import {
  isGuestRefusal,
  nextCheckoutStep,
  PAYMENT_FAILED_MESSAGE,
  subscriptionRequest,
  type ManualPayment,
  type PaymentChoice,
} from '../domain/checkout.ts';
import { pricingUrl } from '../domain/paywall.ts';
import type { PaywallPlan } from '../domain/plans.ts';

export type CheckoutState =
  | { status: 'idle' }
  /** Billing is opening the purchase. */
  | { status: 'starting'; choice: PaymentChoice }
  /** A Cash App purchase is pending: the paywall shows how to pay it. */
  | { status: 'manual'; plan: PaywallPlan; payment: ManualPayment }
  | { status: 'failed'; message: string };

export interface Checkout {
  state: CheckoutState;
  /** A payment button was pressed. */
  start: (plan: PaywallPlan, choice: PaymentChoice) => void;
  /** Back from the Cash App instructions or an error to the plans. */
  reset: () => void;
}

/** Sends the whole page to a provider's checkout (it is another site, or billing's own page). */
function leaveForCheckout(url: string): void {
  window.location.assign(url);
}

/**
 * The paywall's payment buttons: a guest goes to /pricing; a reader's purchase is opened with billing and
 * the browser follows billing's answer (spec sections 7 and 8).
 */
export function useCheckout({ onLeaveSite, leave = leaveForCheckout }: { onLeaveSite: () => void; leave?: (url: string) => void }): Checkout {
  const userId = useKeisha((s) => s.auth.user?.id ?? null);
  const navigate = useNavigate();
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    (plan: PaywallPlan, choice: PaymentChoice) => {
      if (running.current) return;
      const properties = { plan: choice.plan, payment: choice.method, amount: plan.priceCents[choice.method] / 100, currency: 'USD', user_type: choice.userType };
      trackEvent('paywall_plan_selected', properties);
      // Spec section 6: payment creation is for readers with an account; a guest is sent to /pricing.
      if (!userId || choice.userType === 'guest') {
        onLeaveSite();
        navigate(pricingUrl(choice.plan, choice.method, 'guest'));
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setState({ status: 'starting', choice });
      createSubscription(subscriptionRequest(userId, choice), controller.signal)
        .then(
          (response) => {
            if (controller.signal.aborted) return;
            const step = nextCheckoutStep(response, choice);
            trackEvent('payment_initiated', { ...properties, step: step.kind, provider: response?.provider ?? null });
            if (step.kind === 'manual') {
              setState({ status: 'manual', plan, payment: step.payment });
            } else if (step.kind === 'pricing') {
              onLeaveSite();
              navigate(step.url);
            } else {
              leave(step.url);
            }
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            trackEvent('payment_failed', { ...properties, status: (error as { status?: unknown } | null)?.status ?? null });
            if (isGuestRefusal(error)) {
              onLeaveSite();
              navigate(pricingUrl(choice.plan, choice.method, 'guest'));
            } else {
              // Refused because the reader's plan already covers it: billing's reason, not a failure to retry.
              setState({ status: 'failed', message: alreadyCoveredMessage(error) ?? PAYMENT_FAILED_MESSAGE });
            }
          },
        )
        .finally(() => {
          if (running.current === controller) running.current = null;
        });
    },
    [userId, navigate, onLeaveSite, leave],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
