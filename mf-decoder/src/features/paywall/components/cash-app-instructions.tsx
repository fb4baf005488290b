import { useEffect, useId, useRef } from 'react';
import { buttonStyles as buttons } from '@keisha/ui';
import type { ManualPayment } from '../domain/checkout.ts';
import type { PaywallPlan } from '../domain/plans.ts';
import styles from './paywall-dialog.module.css';

export interface CashAppInstructionsProps {
  plan: PaywallPlan;
  payment: ManualPayment;
  onDone: () => void;
  onBack: () => void;
}

/**
 * A pending Cash App purchase (spec section 9): what to send, to whom, with the account email in the note;
 * an administrator matches it and the plan is active within the hour.
 */
export function CashAppInstructions({ plan, payment, onDone, onBack }: CashAppInstructionsProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The plans the focus was on are gone: the instructions take it, so a screen reader reads them next. Marked
  // data-autofocus too: if the dialog around them mounts with them, its own effect runs after this one and would
  // otherwise move the focus to its first control (the Close button); a fresh clone's test met that once.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className={styles.manual} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} data-autofocus="" className={styles.manualTitle}>
        {`Pay for the ${plan.name} plan with Cash App`}
      </h3>
      <dl className={styles.manualDetails}>
        <div className={styles.manualRow}>
          <dt>Amount</dt>
          <dd>{`${payment.amount} USD`}</dd>
        </div>
        <div className={styles.manualRow}>
          <dt>Send to</dt>
          <dd>{payment.cashtag ?? 'Ask support for our Cash App tag'}</dd>
        </div>
        <div className={styles.manualRow}>
          <dt>Note</dt>
          <dd>
            <code className={styles.manualNote}>{payment.note}</code>
          </dd>
        </div>
        <div className={styles.manualRow}>
          <dt>Reference</dt>
          <dd className={styles.manualReference}>{payment.subscriptionId}</dd>
        </div>
      </dl>
      <p className={styles.manualMessage} role="status">
        {payment.message}
      </p>
      <div className={styles.manualActions}>
        {payment.cashAppLink && (
          <a className={`${buttons.primary} ${styles.payButton}`} href={payment.cashAppLink} target="_blank" rel="noopener noreferrer">
            Open Cash App
            <span className="k-visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        <button type="button" className={`${buttons.secondary} ${styles.payButton}`} onClick={onDone}>
          Done
        </button>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Back to the plans
        </button>
      </div>
    </section>
  );
}
