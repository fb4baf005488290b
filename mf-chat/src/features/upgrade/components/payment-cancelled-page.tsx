import { useId } from 'react';
import { Link } from 'react-router-dom';
import styles from './payment-result.module.css';

/** Where the crypto checkout returns when the reader backs out (spec section 2, "Payment cancelled"). */
export function PaymentCancelledPage() {
  const headingId = useId();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={headingId}>
        <span className={`${styles.badge} ${styles.neutral}`} aria-hidden="true">
          <svg className={styles.badgeIcon} viewBox="0 0 24 24" focusable="false">
            <path d="M7.5 7.5l9 9M16.5 7.5l-9 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </span>
        <h1 id={headingId} className={styles.title}>
          Payment cancelled
        </h1>
        <p className={styles.text}>You have not been charged</p>
        <div className={styles.actions}>
          <Link className={styles.primary} to="/">
            Back to Chat
          </Link>
        </div>
      </section>
    </div>
  );
}
