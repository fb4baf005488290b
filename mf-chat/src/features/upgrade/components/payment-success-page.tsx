import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { readChargeId } from '../domain/charge-id.ts';
import styles from './payment-result.module.css';

/** Where the crypto checkout returns after a paid upgrade (spec section 2, "Payment successful"). */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const chargeId = readChargeId(params);
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
        {chargeId && (
          <p className={styles.reference}>
            Charge ID: <code className={styles.code}>{chargeId}</code>
          </p>
        )}
        <div className={styles.actions}>
          <Link className={styles.primary} to="/">
            Go to Chat
          </Link>
        </div>
      </section>
    </div>
  );
}
