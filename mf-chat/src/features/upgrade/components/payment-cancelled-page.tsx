import { useId } from 'react';
import { buttonStyles as buttons, statusCardStyles as statusCard } from '@keisha/ui';
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
    <div className={statusCard.page}>
      <section className={`${statusCard.card} ${statusCard.raised}`} aria-labelledby={headingId}>
        <span className={`${statusCard.badge} ${statusCard.neutral}`} aria-hidden="true">
          <svg className={statusCard.badgeIcon} viewBox="0 0 24 24" focusable="false">
            <path d="M7.5 7.5l9 9M16.5 7.5l-9 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </span>
        <h1 id={headingId} className={statusCard.title}>
          Payment cancelled
        </h1>
        <p className={`${statusCard.text} ${styles.lead}`}>You have not been charged</p>
        <div className={statusCard.actions}>
          <button type="button" className={buttons.primary} onClick={onBackToSettings}>
            Back to Settings
          </button>
          {plan && (
            <button type="button" className={buttons.secondary} onClick={() => onRetry(plan)}>
              Retry {plan}
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
