import { useKeisha } from '@keisha/store';
import { pillStyles as pill } from '@keisha/ui';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { FULL_ANALYSIS_FEATURE, type PricingTier } from '../domain/pricing-tiers.ts';
import type { PaymentOptionsState } from '../hooks/use-payment-options.ts';
import { PaymentFallback, SignInToSubscribe } from './payment-fallback.tsx';
import { PayPalSubscribeButton } from './paypal-subscribe-button.tsx';
import { SandboxPayPalButton } from './sandbox-paypal-button.tsx';
import styles from './pricing.module.css';

export interface PlanCardProps {
  tier: PricingTier;
  /** What billing offers: PayPal's settings once known. */
  payment: PaymentOptionsState;
  /** The plan the reader chose before arriving (from the decoder's paywall). */
  chosen: boolean;
}

export const PAYMENT_OPTIONS_FAILED = 'Online payment could not be loaded right now.';

function PaidAction({ tier, payment }: { tier: PricingTier; payment: PaymentOptionsState }) {
  const accountId = useKeisha((state) => state.auth.user?.id ?? null);
  if (payment.status === 'loading') {
    return (
      <p className={styles.paymentStatus} role="status">
        Loading payment options...
      </p>
    );
  }
  if (payment.status === 'failed') return <PaymentFallback reason={PAYMENT_OPTIONS_FAILED} />;
  const { paypal } = payment;
  const paidTier = tier.tier === 'monthly' || tier.tier === 'annual' ? tier.tier : null;
  const planId = paidTier ? paypal?.planIds[paidTier] : undefined;
  if (!paypal || !paidTier || !planId) return <PaymentFallback />;
  // Billing grants a PayPal subscription only to the account named in it: a guest signs in first.
  if (!accountId) return <SignInToSubscribe />;
  // No PayPal keys on this site: billing stands in for PayPal, offline, and says so.
  if (paypal.sandbox) return <SandboxPayPalButton tier={paidTier} planName={tier.name} />;
  return (
    <ErrorBoundary label={`PayPal's ${tier.tier} button`} fallback={<PaymentFallback reason="PayPal could not be loaded right now." />}>
      <PayPalSubscribeButton
        clientId={paypal.clientId}
        planId={planId}
        tier={paidTier}
        amount={tier.amount}
        planName={tier.name}
        accountId={accountId}
      />
    </ErrorBoundary>
  );
}

export function PlanCard({ tier, payment, chosen }: PlanCardProps) {
  const titleId = `pricing-tier-${tier.tier}`;
  const recommended = tier.tier === 'annual';
  return (
    <li className={chosen ? `${styles.tier} ${styles.tierChosen}` : recommended ? `${styles.tier} ${styles.tierRecommended}` : styles.tier}>
      <article className={styles.tierBody} aria-labelledby={titleId}>
        <div className={styles.tierHead}>
          <h3 id={titleId} className={styles.tierName}>
            {tier.name}
          </h3>
          {chosen ? (
            <span className={`${pill.pill} ${pill.accent} ${styles.badge}`}>Your choice</span>
          ) : (
            recommended && <span className={`${pill.pill} ${pill.accent} ${styles.badge}`}>Best value</span>
          )}
        </div>
        <p className={styles.price}>
          <span className={styles.priceValue}>{tier.price}</span>
          <span className={styles.pricePeriod}>{tier.period || ' forever'}</span>
        </p>
        {tier.saving && <p className={styles.saving}>Save {tier.saving} a year against paying monthly</p>}
        <ul className={styles.features}>
          <li>{tier.allowance}</li>
          <li>{FULL_ANALYSIS_FEATURE}</li>
          {tier.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
          {!tier.paid && <li>No account needed</li>}
        </ul>
        <div className={styles.tierAction}>
          {tier.paid ? (
            <PaidAction tier={tier} payment={payment} />
          ) : (
            <Link to={paths.decoder} className={styles.freeAction}>
              Start free
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}
