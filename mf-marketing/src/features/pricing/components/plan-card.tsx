import { useKeisha } from '@keisha/store';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import type { PayPalSettings } from '../../../config/build-env.ts';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { FULL_ANALYSIS_FEATURE, type PricingTier } from '../domain/pricing-tiers.ts';
import { PaymentFallback, SignInToSubscribe } from './payment-fallback.tsx';
import { PayPalSubscribeButton } from './paypal-subscribe-button.tsx';
import styles from './pricing.module.css';

export interface PlanCardProps {
  tier: PricingTier;
  paypal: PayPalSettings | null;
  /** The plan the reader chose before arriving (from the decoder's paywall). */
  chosen: boolean;
}

function PaidAction({ tier, paypal }: { tier: PricingTier; paypal: PayPalSettings | null }) {
  const accountId = useKeisha((state) => state.auth.user?.id ?? null);
  const planId = tier.tier === 'monthly' || tier.tier === 'annual' ? paypal?.planIds[tier.tier] : undefined;
  if (!paypal || !planId) return <PaymentFallback />;
  // Billing grants a PayPal subscription only to the account named in it: a guest signs in first.
  if (!accountId) return <SignInToSubscribe />;
  return (
    <ErrorBoundary label={`PayPal's ${tier.tier} button`} fallback={<PaymentFallback reason="PayPal could not be loaded right now." />}>
      <PayPalSubscribeButton
        clientId={paypal.clientId}
        planId={planId}
        tier={tier.tier}
        amount={tier.amount}
        planName={tier.name}
        accountId={accountId}
      />
    </ErrorBoundary>
  );
}

export function PlanCard({ tier, paypal, chosen }: PlanCardProps) {
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
            <span className={styles.badge}>Your choice</span>
          ) : (
            recommended && <span className={styles.badge}>Best value</span>
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
            <PaidAction tier={tier} paypal={paypal} />
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
