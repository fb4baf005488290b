import type { Usage } from '@keisha/contracts/decoder';
import { buttonStyles as buttons, ModalDialog, pillStyles as pill } from '@keisha/ui';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { trackEvent } from '@keisha/store';
import { paywallAudience, paywallMessage, paywallTitle, plansRaisingLimit, RESET_NOTE, showsResetNote, userTypeOf } from '../domain/paywall.ts';
import { formatPrice, PAYMENT_METHOD_NAMES, savingsLabel, type PaymentMethod, type PaywallPlan } from '../domain/plans.ts';
import { useCheckout, type CheckoutState } from '../hooks/use-checkout.ts';
import { usePaywallPlans } from '../hooks/use-paywall-plans.ts';
import { CashAppInstructions } from './cash-app-instructions.tsx';
import styles from './paywall-dialog.module.css';

const METHODS: readonly PaymentMethod[] = ['bitcoin', 'cashapp'];

export interface PaywallDialogProps {
  signedIn: boolean;
  /** Today's usage when known: it names the tier, the limit and whether the plan is unlimited. */
  usage: Usage | null;
  onClose: () => void;
  /** Shown beneath the paywall's message: what else the reader can do (confirm their address). */
  notice?: ReactNode;
  /** Guests only: open the account dialog in create mode. */
  onCreateAccount?: () => void;
  /** Sends the page to a provider's checkout; the browser's own navigation unless a test says otherwise. */
  leave?: (url: string) => void;
}

/** Spec section 2: the paywall shown when the daily allowance is used up, and its payment buttons (section 7). */
export function PaywallDialog({ signedIn, usage, notice, onClose, onCreateAccount, leave }: PaywallDialogProps) {
  const audience = paywallAudience(signedIn, usage?.subscription_tier);
  const userType = userTypeOf(audience, usage?.subscription_tier);
  const limit = usage && !usage.unlimited ? (usage.limit ?? usage.daily_limit) : null;
  const shown = useRef(false);
  const { state: plans, retry } = usePaywallPlans();
  const checkout = useCheckout({ onLeaveSite: onClose, ...(leave ? { leave } : {}) });

  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    trackEvent('paywall_shown', { user_type: audience, tier: usage?.subscription_tier ?? null, daily_count: usage?.daily_count ?? null });
  }, [audience, usage]);

  if (checkout.state.status === 'manual') {
    return (
      <ModalDialog title={paywallTitle(audience)} onClose={onClose} className={styles.dialog}>
        <CashAppInstructions plan={checkout.state.plan} payment={checkout.state.payment} onDone={onClose} onBack={checkout.reset} />
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title={paywallTitle(audience)} onClose={onClose} className={styles.dialog}>
      <div className={styles.intro}>
        <p className={styles.message}>{paywallMessage(audience, limit, usage?.subscription_tier)}</p>
        {showsResetNote(usage) && <p className={styles.resetNote}>{RESET_NOTE}</p>}
      </div>
      {notice}
      {checkout.state.status === 'failed' && (
        <p className={styles.error} role="alert">
          {checkout.state.message}
        </p>
      )}
      {plans.status === 'loading' && (
        <p className={styles.plansStatus} role="status">
          Loading plans...
        </p>
      )}
      {plans.status === 'failed' && (
        <div className={styles.plansFailed} role="alert">
          <p className={styles.plansStatus}>We could not load the plans right now.</p>
          <button type="button" className={`${buttons.secondary} ${styles.payButton}`} onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {plans.status === 'ready' && (
        <PlanList offered={plansRaisingLimit(plans.plans, audience, limit)}>
          {(plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              plans={plans.plans}
              checkout={checkout.state}
              onChoose={(method) => checkout.start(plan, { plan: plan.id, method, userType })}
            />
          )}
        </PlanList>
      )}
      {audience === 'guest' && <GuestNote {...(onCreateAccount ? { onCreateAccount } : {})} />}
    </ModalDialog>
  );
}

/** One card spans the dialog; two sit side by side. */
function PlanList({ offered, children }: { offered: readonly PaywallPlan[]; children: (plan: PaywallPlan) => ReactNode }) {
  return <div className={`${styles.plans} ${offered.length === 1 ? styles.single : ''}`}>{offered.map(children)}</div>;
}

interface PlanCardProps {
  plan: PaywallPlan;
  /** Both plans, for the annual saving. */
  plans: readonly PaywallPlan[];
  checkout: CheckoutState;
  onChoose: (method: PaymentMethod) => void;
}

function PlanCard({ plan, plans, checkout, onChoose }: PlanCardProps) {
  const headingId = useId();
  const starting = checkout.status === 'starting' ? checkout.choice : null;
  return (
    <section className={`${styles.plan} ${plan.recommended ? styles.recommended : ''}`} aria-labelledby={headingId}>
      {plan.recommended && <p className={`${pill.pill} ${pill.accent} ${styles.ribbon}`}>RECOMMENDED</p>}
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
        {METHODS.map((method) => {
          const opening = starting?.plan === plan.id && starting.method === method;
          // Not disabled while a purchase opens: the pressed button keeps the focus, and presses are ignored.
          return (
            <button
              key={method}
              type="button"
              className={`${method === 'bitcoin' ? buttons.primary : buttons.secondary} ${styles.payButton}`}
              onClick={() => {
                if (!starting) onChoose(method);
              }}
              aria-describedby={headingId}
              aria-disabled={starting ? true : undefined}
            >
              {opening ? 'Opening checkout...' : `Pay ${formatPrice(plan.priceCents[method])} with ${PAYMENT_METHOD_NAMES[method]}`}
            </button>
          );
        })}
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
        <button type="button" className={`${buttons.secondary} ${styles.createAccount}`} onClick={onCreateAccount}>
          Create a free account
        </button>
      )}
    </div>
  );
}

