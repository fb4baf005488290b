import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { CHECKOUT_MESSAGES } from '@keisha/contracts/billing';
import { trackEvent } from '@keisha/store';
import { useId, useState } from 'react';
import { buttonStyles as buttons, FactList, LoadProblem } from '@keisha/ui';
import { createCheckout } from '../api/checkout.ts';
import { checkoutDestination, checkoutProblem } from '../domain/checkout.ts';
import { priceLine } from '../domain/plans.ts';
import type { ChatPlansState } from '../hooks/use-chat-plans.ts';
import styles from './upgrade-checkout.module.css';

interface UpgradeCheckoutViewProps {
  plan: 'Starter' | 'Pro' | 'Gold';
  plans: ChatPlansState;
  email: string | null;
  onBack: () => void;
  /** Sends the browser to the payment page (a full navigation). */
  goTo?: (url: string) => void;
}

/** Spec section 2, "Upgrade checkout": the plan summary, 'Proceed to Coinbase' and 'Changed My Mind (Back to Settings)'. */
export function UpgradeCheckoutView({ plan, plans, email, onBack, goTo = (url) => window.location.assign(url) }: UpgradeCheckoutViewProps) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const card = plans.plans.find((p) => p.tier === plan);

  async function proceed() {
    if (busy) return;
    setProblem(null);
    if (!email) {
      setProblem(CHECKOUT_MESSAGES.emailMissing);
      return;
    }
    setBusy(true);
    try {
      const checkout = await createCheckout(email, plan);
      const destination = checkoutDestination(checkout.url);
      if (!destination) throw new Error('no checkout address');
      // Sent before the page leaves; keepalive carries it through the navigation.
      void trackEvent(CHAT_EVENTS.checkoutStarted, { plan });
      goTo(destination);
      // The page is leaving; the button stays busy until it has.
    } catch (error) {
      setProblem(checkoutProblem(error));
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={headingId}>
        <h1 id={headingId} className={styles.title}>
          Upgrade to {card?.name ?? plan}
        </h1>
        {card ? (
          <FactList
            className={styles.summary}
            facts={[
              { label: 'Plan', value: card.name },
              { label: 'Price', value: priceLine(card) },
              { label: 'Messages', value: card.messages },
              email ? { label: 'Account', value: email } : null,
            ]}
          />
        ) : plans.status === 'loading' ? (
          <p className={styles.muted} role="status">
            Loading the plan...
          </p>
        ) : (
          <LoadProblem message="The plan could not be loaded." onRetry={plans.retry} className={styles.problem} />
        )}
        <p className={styles.muted}>
          You pay in Bitcoin through Coinbase, a crypto checkout. Your plan starts as soon as the payment is confirmed.
        </p>
        {plans.options?.sandbox && <p className={styles.sandbox}>Sandbox checkout: no real money moves.</p>}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={`${buttons.primary} ${styles.primary}`} onClick={() => void proceed()} disabled={!card} aria-disabled={busy || undefined}>
            {busy ? 'Redirecting to Coinbase...' : 'Proceed to Coinbase'}
          </button>
          <button type="button" className={`${buttons.secondary} ${styles.secondary}`} onClick={onBack}>
            Changed My Mind (Back to Settings)
          </button>
        </div>
      </section>
    </div>
  );
}
