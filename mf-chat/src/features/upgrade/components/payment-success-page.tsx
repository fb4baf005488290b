import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readCheckoutId, readPaymentReference } from '../domain/charge-id.ts';
import { useCheckoutStatus } from '../hooks/use-checkout-status.ts';
import styles from './payment-result.module.css';

/** Where the crypto checkout returns after a paid upgrade (spec section 2, "Payment successful"). */
export function PaymentSuccessPage({ onGoToChat }: { onGoToChat: () => void }) {
  const [params] = useSearchParams();
  const reference = readPaymentReference(params);
  const status = useCheckoutStatus(readCheckoutId(params));
  const headingId = useId();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={headingId}>
        <span className={`${styles.badge} ${styles.success}`} aria-hidden="true">
          <svg className={styles.badgeIcon} viewBox="0 0 24 24" focusable="false">
            <path d="M6 12.5l4 4L18 8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </span>
        <h1 id={headingId} className={styles.title}>
          Payment successful
        </h1>
        <p className={styles.text}>Your upgrade is being processed</p>
        {reference && (
          <p className={styles.reference}>
            Charge ID: <code className={styles.code}>{reference}</code>
          </p>
        )}
        <CheckoutStatusLine status={status} />
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={onGoToChat}>
            Go to Chat
          </button>
        </div>
      </section>
    </div>
  );
}

function CheckoutStatusLine({ status }: { status: ReturnType<typeof useCheckoutStatus> }) {
  switch (status.kind) {
    case 'none':
      return null;
    case 'checking':
      return (
        <p className={styles.note} role="status">
          Checking your payment...
        </p>
      );
    case 'active':
      return (
        <p className={styles.confirmed} role="status">
          Your {status.plan} plan is active.
        </p>
      );
    case 'pending':
      return (
        <p className={styles.note} role="status">
          Your payment is being confirmed. Your plan starts as soon as it is.
        </p>
      );
    case 'unpaid':
      return (
        <p className={styles.note} role="status">
          This payment has not been completed, and you have not been charged for it.
        </p>
      );
    case 'unknown':
      return (
        <p className={styles.note} role="status">
          We could not check this payment just now. Your plan appears in Settings once it is confirmed.
        </p>
      );
  }
}
