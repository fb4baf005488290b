import type { Usage } from '@keisha/contracts/decoder';
import { ModalDialog } from '@keisha/ui';
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { trackEvent } from '../../../lib/analytics.ts';
import { paywallAudience, paywallMessage, paywallTitle, pricingUrl, RESET_NOTE, showsResetNote } from '../domain/paywall.ts';
import { formatPrice, PAYMENT_METHOD_NAMES, savingsLabel, type PaymentMethod, type PaywallPlan } from '../domain/plans.ts';
import { usePaywallPlans } from '../hooks/use-paywall-plans.ts';
import styles from './paywall-dialog.module.css';

const METHODS: readonly PaymentMethod[] = ['bitcoin', 'cashapp'];

export interface PaywallDialogProps {
  signedIn: boolean;
  /** Today's usage when known: it names the tier, the limit and whether the plan is unlimited. */
  usage: Usage | null;
  onClose: () => void;
  /** Guests only: open the account dialog in create mode. */
  onCreateAccount?: () => void;
}

/** Spec section 2: the paywall shown when the daily allowance is used up. */
export function PaywallDialog({ signedIn, usage, onClose, onCreateAccount }: PaywallDialogProps) {
  const audience = paywallAudience(signedIn, usage?.subscription_tier);
  const navigate = useNavigate();
  const limit = usage && !usage.unlimited ? (usage.limit ?? usage.daily_limit) : null;
  const shown = useRef(false);
  const plans = usePaywallPlans();

  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    trackEvent('paywall_shown', { user_type: audience, tier: usage?.subscription_tier ?? null, daily_count: usage?.daily_count ?? null });
  }, [audience, usage]);

  function choose(plan: PaywallPlan, method: PaymentMethod) {
    trackEvent('paywall_plan_selected', {
      plan: plan.id,
      payment: method,
      amount: plan.priceCents[method] / 100,
      currency: 'USD',
      user_type: audience,
    });
    onClose();
    navigate(pricingUrl(plan.id, method, audience));
  }

  return (
    <ModalDialog title={paywallTitle(audience)} onClose={onClose} className={styles.dialog}>
      <div className={styles.intro}>
        <p className={styles.message}>{paywallMessage(audience, limit)}</p>
        {showsResetNote(usage) && <p className={styles.resetNote}>{RESET_NOTE}</p>}
      </div>
      <div className={styles.plans}>
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} plans={plans} onChoose={(method) => choose(plan, method)} />
        ))}
      </div>
      {audience === 'guest' && <GuestNote {...(onCreateAccount ? { onCreateAccount } : {})} />}
    </ModalDialog>
  );
}

interface PlanCardProps {
  plan: PaywallPlan;
  /** Both plans, for the annual saving. */
  plans: readonly PaywallPlan[];
  onChoose: (method: PaymentMethod) => void;
}

function PlanCard({ plan, plans, onChoose }: PlanCardProps) {
  const headingId = useId();
  return (
    <section className={`${styles.plan} ${plan.recommended ? styles.recommended : ''}`} aria-labelledby={headingId}>
      {plan.recommended && <p className={styles.ribbon}>RECOMMENDED</p>}
      <h3 id={headingId} className={styles.planName}>
        {plan.name}
      </h3>
      <p className={styles.planLimit}>{plan.dailyLimit === null ? 'Unlimited analyses' : `${plan.dailyLimit} analyses per day`}</p>
      <ul className={styles.prices}>
        {METHODS.map((method) => (
          <li key={method}>
            <span className={styles.price}>{formatPrice(plan.priceCents[method])}</span>
            {` / ${plan.period} with ${PAYMENT_METHOD_NAMES[method]}`}
          </li>
        ))}
      </ul>
      {plan.id === 'annual' && (
        <ul className={styles.savings}>
          {METHODS.map((method) => (
            <li key={method}>{savingsLabel(method, plans)}</li>
          ))}
        </ul>
      )}
      <ul className={styles.features}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className={styles.payButtons}>
        {METHODS.map((method) => (
          <button
            key={method}
            type="button"
            className={method === 'bitcoin' ? styles.bitcoin : styles.cashapp}
            onClick={() => onChoose(method)}
            aria-describedby={headingId}
          >
            {`Pay ${formatPrice(plan.priceCents[method])} with ${PAYMENT_METHOD_NAMES[method]}`}
          </button>
        ))}
      </div>
    </section>
  );
}

function GuestNote({ onCreateAccount }: { onCreateAccount?: () => void }) {
  return (
    <div className={styles.guestNote}>
      <p className={styles.guestText}>
        You are using Keisha as a guest. Create a free account to subscribe to a plan and keep your usage with you
        on every device.
      </p>
      {onCreateAccount && (
        <button type="button" className={styles.createAccount} onClick={onCreateAccount}>
          Create a free account
        </button>
      )}
    </div>
  );
}

