import { alreadyCoveredMessage } from '@keisha/contracts/billing';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadScript } from '../../../lib/load-script.ts';
import { checkPaypalPlan } from '../api/check-paypal-plan.ts';
import { paypalSdkUrl, thankYouLink, type PayPalNamespace } from '../domain/paypal.ts';
import { PaymentFallback } from './payment-fallback.tsx';
import styles from './pricing.module.css';

export interface PayPalSubscribeButtonProps {
  clientId: string;
  planId: string;
  tier: 'monthly' | 'annual';
  /** '9.99' */
  amount: string;
  planName: string;
  /** The signed-in account: PayPal carries it as custom_id, and billing grants the plan only to it. */
  accountId: string;
}

type ButtonState = 'loading' | 'ready' | 'failed' | 'covered';

/**
 * Billing's reason when the reader's plan already gives this one (Monthly under an Annual), or null. PayPal
 * charges the first period as soon as its button subscribes, so billing is asked first: before the button is shown,
 * and again when it is pressed (the reader may have bought a plan in another tab since).
 */
async function refusalOf(tier: 'monthly' | 'annual'): Promise<string | null> {
  try {
    await checkPaypalPlan(tier);
    return null;
  } catch (error) {
    const reason = alreadyCoveredMessage(error);
    if (reason) return reason;
    throw error;
  }
}

/** PayPal's own subscription button for one plan, rendered by PayPal's SDK into this element. */
export function PayPalSubscribeButton({ clientId, planId, tier, amount, planName, accountId }: PayPalSubscribeButtonProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ButtonState>('loading');
  const [paymentError, setPaymentError] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    const container = containerRef.current;
    const fail = (stage: string, error: unknown) => {
      console.error(`[keisha] PayPal ${stage} failed for the ${tier} plan:`, error);
      if (!cancelled) setState('failed');
    };
    const refuse = (reason: string) => {
      if (cancelled) return;
      setRefusal(reason);
      setState('covered');
    };
    /** PayPal's SDK, then its button for this plan in the container. */
    const renderButtons = async () => {
      await loadScript(paypalSdkUrl(clientId), { 'data-namespace': 'paypal' });
      if (cancelled || !container) return;
      const paypal = (window as unknown as { paypal?: PayPalNamespace }).paypal;
      if (!paypal?.Buttons) throw new Error('the SDK loaded without paypal.Buttons');
      let refused = false;
      const buttons = paypal.Buttons({
        style: { layout: 'vertical', shape: 'pill', label: 'subscribe', height: 44 },
        createSubscription: async (_data, actions) => {
          // A rejection here closes PayPal's window before anything is charged, and PayPal calls onError.
          const reason = await refusalOf(tier);
          if (reason) {
            refused = true;
            refuse(reason);
            throw new Error(reason);
          }
          return actions.subscription.create({ plan_id: planId, custom_id: accountId });
        },
        onApprove: (data) => navigate(thankYouLink(tier, amount, data.subscriptionID)),
        onError: (error) => {
          if (refused) return;
          console.error(`[keisha] PayPal reported an error for the ${tier} plan:`, error);
          setPaymentError(true);
        },
      });
      if (!buttons.isEligible()) throw new Error('PayPal says this browser is not eligible for its buttons');
      await buttons.render(container);
      if (!cancelled) setState('ready');
    };
    // Billing unreachable before the button: show it anyway; pressing it asks again, and nothing starts unasked.
    refusalOf(tier)
      .catch((error: unknown) => {
        console.warn(`[keisha] billing could not say whether the ${tier} plan adds anything; asking again on subscribe:`, error);
        return null;
      })
      .then((reason) => (reason ? refuse(reason) : renderButtons()))
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
      {refusal && (
        <p className={styles.paymentError} role="alert">
          {refusal}
        </p>
      )}
      <div ref={containerRef} className={styles.paypalContainer} aria-label={`Subscribe to the ${planName} plan with PayPal`} role="group" hidden={state === 'failed' || state === 'covered'} />
      {paymentError && (
        <p className={styles.paymentError} role="alert">
          The payment did not go through, and the subscription was not started. Please try again, or write to us
          if it keeps happening.
        </p>
      )}
    </div>
  );
}
