import { useId, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { checkoutIdFrom, formatUntil } from '../domain/payment-return.ts';
import { usePaymentVerification, type VerificationState } from '../hooks/use-payment-verification.ts';
import { buttonStyles as buttons, statusCardStyles as statusCard } from '@keisha/ui';
import styles from './payment-return-page.module.css';

export type PaymentOutcome = 'success' | 'cancel';

type Tone = 'success' | 'pending' | 'neutral';

/** Where the payment provider sends a reader back after the decoder's paywall (spec section 2 route table). */
export function PaymentReturnPage({ outcome }: { outcome: PaymentOutcome }) {
  return outcome === 'success' ? <PaymentSuccess /> : <PaymentCancelled />;
}

function PaymentCancelled() {
  return (
    <ReturnCard
      tone="neutral"
      title="Payment cancelled"
      text="Nothing was charged, and your plan has not changed. You can keep decoding within your daily analyses and upgrade whenever you are ready."
    />
  );
}

/** /payment/success: says the payment went through only once billing has confirmed it. */
function PaymentSuccess() {
  const { search } = useLocation();
  const checkoutId = useMemo(() => checkoutIdFrom(search), [search]);
  const { state, retry } = usePaymentVerification(checkoutId);
  return <SuccessState state={state} onRetry={retry} />;
}

function SuccessState({ state, onRetry }: { state: VerificationState; onRetry: () => void }) {
  switch (state.status) {
    case 'checking':
      return (
        <ReturnCard tone="pending" title="Confirming your payment..." busy text="We are checking your payment with the payment provider. This takes a few seconds." />
      );
    case 'paid': {
      const until = formatUntil(state.until);
      return (
        <ReturnCard
          tone="success"
          title="Payment received"
          text={`Thank you for subscribing. Your ${state.plan} plan is active${state.lifetime ? ' for life' : until ? ` until ${until}` : ''}.`}
        >
          {state.allowance && <p className={styles.allowance}>{state.allowance}</p>}
        </ReturnCard>
      );
    }
    case 'awaiting-approval':
      return (
        <ReturnCard
          tone="pending"
          title="Payment pending"
          text="Your Cash App payment is waiting to be matched. Once it arrives with your account email in the note, we update your account within 1 hour."
        />
      );
    case 'processing':
      return (
        <ReturnCard
          tone="pending"
          title="Payment processing"
          text="The payment provider has not confirmed your payment yet. Your plan changes as soon as it does; check again in a few minutes."
        >
          <button type="button" className={`${buttons.secondary} ${styles.secondary}`} onClick={onRetry}>
            Check again
          </button>
        </ReturnCard>
      );
    case 'closed':
      return (
        <ReturnCard tone="neutral" title={state.closed === 'refunded' ? 'Payment refunded' : 'Payment not completed'} text={CLOSED_TEXT[state.closed]} />
      );
    case 'sign-in':
      return (
        <ReturnCard
          tone="neutral"
          title="Sign in to see your payment"
          text="Sign in on the News Decoder with the account you paid from, then come back to this page to confirm the payment."
        />
      );
    case 'not-found':
      return (
        <ReturnCard
          tone="neutral"
          title="Payment not found"
          text="This link does not name a payment of your account. If you paid, your plan shows on the News Decoder once the payment is confirmed; write to support if it does not."
        />
      );
    case 'failed':
      return (
        <ReturnCard
          tone="neutral"
          title="We could not confirm your payment"
          text="Your payment could not be checked right now. Nothing is lost: please try again in a moment."
          alert
        >
          <button type="button" className={`${buttons.secondary} ${styles.secondary}`} onClick={onRetry}>
            Try again
          </button>
        </ReturnCard>
      );
  }
}

const CLOSED_TEXT: Record<'failed' | 'cancelled' | 'expired' | 'refunded', string> = {
  failed: 'This checkout was not paid, so nothing was charged and your plan has not changed.',
  cancelled: 'This subscription has been cancelled and its paid period is over.',
  expired: 'This subscription has ended. You can buy a new plan from the paywall at any time.',
  refunded: 'This payment was refunded, and the plan it paid for has ended.',
};

interface ReturnCardProps {
  tone: Tone;
  title: string;
  /** The card's paragraph under the title. */
  text: string;
  /** The paragraph is an alert (said at once by screen readers). */
  alert?: boolean;
  busy?: boolean;
  /** What follows the paragraph: a further line or a button. */
  children?: ReactNode;
}

function ReturnCard({ tone, title, text, alert = false, busy = false, children }: ReturnCardProps) {
  const headingId = useId();
  return (
    <div className={statusCard.page}>
      <section className={`${statusCard.card} ${statusCard.raised}`} aria-labelledby={headingId} aria-busy={busy || undefined}>
        <span className={`${statusCard.badge} ${statusCard[tone]}`} aria-hidden="true">
          <BadgeIcon tone={tone} />
        </span>
        <h1 id={headingId} className={statusCard.title}>
          {title}
        </h1>
        <p className={statusCard.text} role={alert ? 'alert' : undefined}>
          {text}
        </p>
        {children}
        <Link className={`${buttons.primary} ${styles.action}`} to="/bias-detection">
          Back to the News Decoder
        </Link>
      </section>
    </div>
  );
}

/** The badge's mark for each tone: a tick, a clock's hands, a cross. */
const BADGE_PATH: Record<Tone, string> = {
  success: 'M6 12.5l4 4L18 8',
  pending: 'M12 7v5l3 2',
  neutral: 'M7.5 7.5l9 9M16.5 7.5l-9 9',
};

function BadgeIcon({ tone }: { tone: Tone }) {
  return (
    <svg className={statusCard.badgeIcon} viewBox="0 0 24 24" focusable="false">
      <path d={BADGE_PATH[tone]} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
