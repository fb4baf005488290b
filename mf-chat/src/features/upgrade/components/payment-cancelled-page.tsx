import { useId } from 'react';
import styles from './payment-result.module.css';

interface PaymentCancelledPageProps {
  /** The plan that was being bought, when known: it can be tried again. */
  plan: 'Starter' | 'Pro' | 'Gold' | null;
  onBackToSettings: () => void;
  onRetry: (plan: 'Starter' | 'Pro' | 'Gold') => void;
}

/** Where the crypto checkout returns when the buyer backs out (spec section 2, "Payment cancelled"). */
export function PaymentCancelledPage({ plan, onBackToSettings, onRetry }: PaymentCancelledPageProps) {
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
          <button type="button" className={styles.primary} onClick={onBackToSettings}>
            Back to Settings
          </button>
          {plan && (
            <button type="button" className={styles.secondary} onClick={() => onRetry(plan)}>
              Retry {plan}
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
