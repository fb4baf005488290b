import { useId } from 'react';
import { Link } from 'react-router-dom';
import styles from './payment-return-page.module.css';

export type PaymentOutcome = 'success' | 'cancel';

const COPY: Record<PaymentOutcome, { title: string; text: string }> = {
  success: {
    title: 'Payment received',
    text: 'Thank you for subscribing. Your new plan is being activated and your higher daily analysis limit will apply shortly.',
  },
  cancel: {
    title: 'Payment cancelled',
    text: 'No payment was taken. You can keep using your free daily analyses and upgrade whenever you are ready.',
  },
};

/** Where the payment provider sends a reader back after the decoder's paywall (spec section 2 route table). */
export function PaymentReturnPage({ outcome }: { outcome: PaymentOutcome }) {
  const { title, text } = COPY[outcome];
  const headingId = useId();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={headingId}>
        <span className={`${styles.badge} ${outcome === 'success' ? styles.success : styles.neutral}`} aria-hidden="true">
          {outcome === 'success' ? <CheckIcon /> : <CrossIcon />}
        </span>
        <h1 id={headingId} className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>{text}</p>
        <Link className={styles.action} to="/bias-detection">
          Back to the News Decoder
        </Link>
      </section>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg className={styles.badgeIcon} viewBox="0 0 24 24" focusable="false">
      <path d="M6 12.5l4 4L18 8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg className={styles.badgeIcon} viewBox="0 0 24 24" focusable="false">
      <path d="M7.5 7.5l9 9M16.5 7.5l-9 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
