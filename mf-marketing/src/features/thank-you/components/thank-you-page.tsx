import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonStyles as buttons, cardStyles as card } from '@keisha/ui';
import { PageFrame } from '../../../components/page-frame.tsx';
import { contactEmails, mailto } from '../../../config/links.ts';
import { paths } from '../../../config/paths.ts';
import { trackPurchase } from '../api/track-purchase.ts';
import { subscriptionToVerify, thankYouLead } from '../domain/paypal-verification.ts';
import { eventsToSend, SentPurchases } from '../domain/purchase-events.ts';
import { formatUsd, methodLabel, parseThankYouParams, tierLabel } from '../domain/thank-you-params.ts';
import { usePaypalVerification } from '../hooks/use-paypal-verification.ts';
import { VerificationStatus } from './verification-status.tsx';
import styles from './thank-you-page.module.css';

let sentPurchases: SentPurchases | null = null;

/** One record per page load, over localStorage when the browser allows it. */
function sentPurchasesOfThisBrowser(): SentPurchases {
  if (!sentPurchases) {
    let storage: Storage | null = null;
    try {
      storage = window.localStorage;
    } catch {
      storage = null;
    }
    sentPurchases = new SentPurchases(storage);
  }
  return sentPurchases;
}

/** The post-purchase page (spec section 2): welcome, receipt details, next step, support, release note. */
export function ThankYouPage() {
  const { search } = useLocation();
  const params = useMemo(() => parseThankYouParams(search), [search]);

  useEffect(() => {
    const events = eventsToSend(params, sentPurchasesOfThisBrowser());
    if (events.length > 0) void trackPurchase(events);
  }, [params]);

  const verification = usePaypalVerification(subscriptionToVerify(params));
  const method = methodLabel(params.method);
  const plan = tierLabel(params.tier);
  const reference = params.transactionId ?? params.subscriptionId;

  return (
    <PageFrame
      title="Thank You"
      lead={thankYouLead(verification, plan, method)}
    >
      <section className={`${card.card} ${styles.receipt}`} aria-labelledby="thank-you-receipt-title">
        <h2 id="thank-you-receipt-title" className={styles.heading}>
          Your purchase
        </h2>
        <dl className={styles.details}>
          <div className={styles.row}>
            <dt>Plan</dt>
            <dd>{plan === 'subscription' ? 'Keisha subscription' : plan}</dd>
          </div>
          <div className={styles.row}>
            <dt>Payment method</dt>
            <dd>{method ?? 'Not stated'}</dd>
          </div>
          {params.amount !== null && (
            <div className={styles.row}>
              <dt>Amount</dt>
              <dd>{formatUsd(params.amount)} USD</dd>
            </div>
          )}
          {params.subscriptionId && (
            <div className={styles.row}>
              <dt>Subscription ID</dt>
              <dd className={styles.reference}>{params.subscriptionId}</dd>
            </div>
          )}
          {params.transactionId && (
            <div className={styles.row}>
              <dt>Transaction ID</dt>
              <dd className={styles.reference}>{params.transactionId}</dd>
            </div>
          )}
        </dl>
        <VerificationStatus state={verification} />
      </section>

      <Link to={paths.decoder} className={`${buttons.primary} ${styles.action}`}>
        Start Decoding Now
      </Link>

      <section className={styles.note} aria-labelledby="thank-you-release-title">
        <h2 id="thank-you-release-title" className={styles.heading}>
          What comes next
        </h2>
        <p>
          The News Decoder and the chat assistant are yours to use today. The full Keisha platform, with the two in
          one place and team tools, is set for a December release. We will tell you by email when it opens.
        </p>
      </section>

      <section className={styles.note} aria-labelledby="thank-you-support-title">
        <h2 id="thank-you-support-title" className={styles.heading}>
          Need help?
        </h2>
        <p>
          Questions about your plan or your payment? Write to{' '}
          <a
            className={styles.link}
            href={mailto(contactEmails.support, reference ? `Keisha purchase ${reference}` : 'Keisha purchase')}
          >
            {contactEmails.support}
          </a>
          {reference ? ' and include the ID above, so we can find your purchase straight away' : ''}.
        </p>
      </section>
    </PageFrame>
  );
}
