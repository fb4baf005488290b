import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readCheckoutId, readPaymentReference } from '../domain/charge-id.ts';
import { useCheckoutStatus, type CheckoutStatus } from '../hooks/use-checkout-status.ts';
import { buttonStyles as buttons, statusCardStyles as statusCard } from '@keisha/ui';
import styles from './payment-result.module.css';

/** What the page says for each answer of billing: success only once billing says the purchase is paid. */
function headingOf(status: CheckoutStatus): { title: string; text: string | null; success: boolean } {
  switch (status.kind) {
    case 'active':
      // Spec section 2, "Payment successful".
      return { title: 'Payment successful', text: 'Your upgrade is being processed', success: true };
    case 'checking':
      return { title: 'Checking your payment...', text: null, success: false };
    case 'pending':
      return { title: 'Payment processing', text: 'Your upgrade is being processed', success: false };
    case 'unpaid':
      return { title: 'Payment not completed', text: null, success: false };
    case 'sign-in':
      return { title: 'Sign in to see your payment', text: null, success: false };
    case 'not-found':
    case 'none':
      return { title: 'Payment not found', text: null, success: false };
    case 'unknown':
      return { title: 'We could not confirm your payment', text: null, success: false };
  }
}

/**
 * Where the crypto checkout returns after an upgrade (spec section 2, "Payment successful"). The link is only a
 * claim: the page asks billing about the checkout and says "Payment successful" only when billing says it is
 * paid, as the decoder's payment-return page does.
 */
export function PaymentSuccessPage({ onGoToChat }: { onGoToChat: () => void }) {
  const [params] = useSearchParams();
  const reference = readPaymentReference(params);
  const status = useCheckoutStatus(readCheckoutId(params));
  const headingId = useId();
  const heading = headingOf(status);
  return (
    <div className={statusCard.page}>
      <section className={`${statusCard.card} ${statusCard.raised}`} aria-labelledby={headingId} aria-busy={status.kind === 'checking' || undefined}>
        <span className={`${statusCard.badge} ${heading.success ? statusCard.success : statusCard.neutral}`} aria-hidden="true">
          <svg className={statusCard.badgeIcon} viewBox="0 0 24 24" focusable="false">
            {heading.success ? (
              <path d="M6 12.5l4 4L18 8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            ) : (
              <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2.4" />
            )}
          </svg>
        </span>
        <h1 id={headingId} className={statusCard.title}>
          {heading.title}
        </h1>
        {heading.text && <p className={`${statusCard.text} ${styles.lead}`}>{heading.text}</p>}
        {reference && (
          <p className={styles.reference}>
            Charge ID: <code className={styles.code}>{reference}</code>
          </p>
        )}
        <CheckoutStatusLine status={status} />
        <div className={statusCard.actions}>
          <button type="button" className={buttons.primary} onClick={onGoToChat}>
            Go to Chat
          </button>
        </div>
      </section>
    </div>
  );
}

function CheckoutStatusLine({ status }: { status: CheckoutStatus }) {
  switch (status.kind) {
    case 'none':
      return (
        <p className={statusCard.note} role="status">
          This link names no payment. Your plan appears in Settings once a payment is confirmed.
        </p>
      );
    case 'checking':
      return (
        <p className={statusCard.note} role="status">
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
        <p className={statusCard.note} role="status">
          Your payment is being confirmed. Your plan starts as soon as it is.
        </p>
      );
    case 'unpaid':
      return (
        <p className={statusCard.note} role="status">
          This payment has not been completed, and you have not been charged for it.
        </p>
      );
    case 'sign-in':
      return (
        <p className={statusCard.note} role="status">
          Sign in with the account you paid from to see this payment.
        </p>
      );
    case 'not-found':
      return (
        <p className={statusCard.note} role="status">
          We found no payment of yours with this ID. If you paid, your plan appears in Settings once it is confirmed.
        </p>
      );
    case 'unknown':
      return (
        <p className={statusCard.note} role="status">
          We could not check this payment just now. Your plan appears in Settings once it is confirmed.
        </p>
      );
  }
}
