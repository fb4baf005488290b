import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonStyles as buttons, cardStyles as card } from '@keisha/ui';
import { DecoderBanner } from '../../../components/decoder-banner.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { externalLinks } from '../../../config/links.ts';
import { paths } from '../../../config/paths.ts';
import { parsePaywallReferral } from '../domain/paywall-referral.ts';
import { pricingTiers } from '../domain/pricing-tiers.ts';
import { usePaymentOptions } from '../hooks/use-payment-options.ts';
import { usePlans } from '../hooks/use-plans.ts';
import { PlanCard } from './plan-card.tsx';
import { PricesByMethod } from './prices-by-method.tsx';
import { ResumeCheckout } from './resume-checkout.tsx';
import { ChatPlansSection } from '../../chat-plans/components/chat-plans-section.tsx';
import frame from '../../../components/page-frame.module.css';
import styles from './pricing.module.css';

function TierPlaceholders() {
  return (
    <ul className={styles.tiers} aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className={`${styles.tier} ${styles.tierPlaceholder}`} />
      ))}
    </ul>
  );
}

/** Pricing (spec section 2): the decoder banner, Free / Monthly / Annual, enterprise, and the chat to come. */
export function PricingPage() {
  const { state, retry } = usePlans();
  const payment = usePaymentOptions();
  const { search } = useLocation();
  const referral = useMemo(() => parsePaywallReferral(search), [search]);
  const tiers = useMemo(() => (state.status === 'ready' ? pricingTiers(state.catalogue) : []), [state]);

  return (
    <PageFrame
      wide
      title="Pricing"
      lead="Start free, and pay only when the News Decoder becomes part of your daily reading or your work. Every plan gets the full analysis: the score, the decoded language and the plain translation."
    >
      <DecoderBanner />

      <section className={styles.section} aria-labelledby="pricing-plans-title">
        <h2 id="pricing-plans-title" className={styles.sectionTitle}>
          News Decoder plans
        </h2>
        {referral?.plan && referral.payment && state.status === 'ready' && (
          <ResumeCheckout catalogue={state.catalogue} tier={referral.plan} method={referral.payment} />
        )}
        {referral?.guest && !(referral.plan && referral.payment) && (
          <p className={styles.notice}>
            Paid plans belong to an account. Create a free account in the{' '}
            <Link to={paths.decoder} className={styles.inlineLink}>
              News Decoder
            </Link>{' '}
            first (Sign In, then Create an account), then come back here to subscribe.
          </p>
        )}
        {state.status === 'loading' && (
          <>
            <p className={styles.status} role="status">
              Loading current prices...
            </p>
            <TierPlaceholders />
          </>
        )}
        {state.status === 'failed' && (
          <div className={styles.failure} role="alert">
            <p className={styles.failureText}>
              We could not load current prices right now. The free tier still works: three News Decoder analyses a
              day, with no account.
            </p>
            <div className={styles.failureActions}>
              <button type="button" className={`${buttons.secondary} ${styles.retry}`} onClick={retry}>
                Try again
              </button>
              <Link to={paths.decoder} className={styles.inlineLink}>
                Open the News Decoder
              </Link>
            </div>
          </div>
        )}
        {state.status === 'ready' && (
          <ul className={styles.tiers}>
            {tiers.map((tier) => (
              <PlanCard key={tier.tier} tier={tier} payment={payment} chosen={referral?.plan === tier.tier} />
            ))}
          </ul>
        )}
        <p className={styles.smallPrint}>
          Prices are in US dollars. Daily allowances reset at midnight where you are. A cancelled subscription keeps
          its plan until the end of the period already paid for.
        </p>
      </section>

      {state.status === 'ready' && <PricesByMethod catalogue={state.catalogue} />}

      <div className={styles.columns}>
        <section className={`${card.card} ${styles.panel}`} aria-labelledby="pricing-enterprise-title">
          <p className={frame.eyebrow}>Enterprise</p>
          <h2 id="pricing-enterprise-title" className={styles.panelTitle}>
            For companies, newsrooms and universities
          </h2>
          <p className={styles.panelText}>
            Audits of the language your models, content pipelines and communications produce; the decoder for whole
            teams and classes; and a framework your people can use long after the audit. Tell us about your
            organization and we will propose a plan that fits it.
          </p>
          <ExternalLink href={externalLinks.enterpriseOnboardingForm} className={styles.panelAction}>
            Start enterprise onboarding
          </ExternalLink>
        </section>

      </div>
      <ChatPlansSection />
    </PageFrame>
  );
}
