import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadScript } from '../../../lib/load-script.ts';
import { paypalSdkUrl, thankYouLink, type PayPalNamespace } from '../domain/paypal.ts';
import { PaymentFallback } from './payment-fallback.tsx';
import styles from './pricing.module.css';

export interface PayPalSubscribeButtonProps {
  clientId: string;
  planId: string;
  tier: string;
  /** '9.99' */
  amount: string;
  planName: string;
  /** The signed-in account: PayPal carries it as custom_id, and billing grants the plan only to it. */
  accountId: string;
}

type ButtonState = 'loading' | 'ready' | 'failed';

/** PayPal's own subscription button for one plan, rendered by PayPal's SDK into this element. */
export function PayPalSubscribeButton({ clientId, planId, tier, amount, planName, accountId }: PayPalSubscribeButtonProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ButtonState>('loading');
  const [paymentError, setPaymentError] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    const container = containerRef.current;
    const fail = (stage: string, error: unknown) => {
      console.error(`[keisha] PayPal ${stage} failed for the ${tier} plan:`, error);
      if (!cancelled) setState('failed');
    };
    loadScript(paypalSdkUrl(clientId), { 'data-namespace': 'paypal' })
      .then(() => {
        if (cancelled || !container) return;
        const paypal = (window as unknown as { paypal?: PayPalNamespace }).paypal;
        if (!paypal?.Buttons) throw new Error('the SDK loaded without paypal.Buttons');
        const buttons = paypal.Buttons({
          style: { layout: 'vertical', shape: 'pill', label: 'subscribe', height: 44 },
          createSubscription: (_data, actions) => actions.subscription.create({ plan_id: planId, custom_id: accountId }),
          onApprove: (data) => navigate(thankYouLink(tier, amount, data.subscriptionID)),
          onError: (error) => {
            console.error(`[keisha] PayPal reported an error for the ${tier} plan:`, error);
            setPaymentError(true);
          },
        });
        if (!buttons.isEligible()) throw new Error('PayPal says this browser is not eligible for its buttons');
        return buttons.render(container).then(() => {
          if (!cancelled) setState('ready');
        });
      })
      .catch((error: unknown) => fail('subscription button', error));
    return () => {
      cancelled = true;
      if (container) container.replaceChildren();
    };
  }, [clientId, planId, tier, amount, accountId, navigate]);

  return (
    <div className={styles.payment}>
      {state === 'loading' && (
        <p className={styles.paymentStatus} role="status">
          Loading PayPal...
        </p>
      )}
      {state === 'failed' && <PaymentFallback reason="PayPal could not be loaded right now." />}
      <div ref={containerRef} className={styles.paypalContainer} aria-label={`Subscribe to the ${planName} plan with PayPal`} role="group" hidden={state === 'failed'} />
      {paymentError && (
        <p className={styles.paymentError} role="alert">
          The payment did not go through, and the subscription was not started. Please try again, or write to us
          if it keeps happening.
        </p>
      )}
    </div>
  );
}
