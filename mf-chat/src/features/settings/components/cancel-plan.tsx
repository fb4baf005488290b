import { CANCEL_REFUSALS, PAYMENT_MESSAGES, type SubscriptionView } from '@keisha/contracts/billing';
import { useState } from 'react';
import { buttonStyles as buttons } from '@keisha/ui';
import { cancelPlan } from '../api/subscription.ts';
import { formatPlanDate } from '../domain/plan-status.ts';
import styles from './settings.module.css';

type Step = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'busy' } | { kind: 'done'; until: string | null } | { kind: 'failed'; message: string };

/** The spec's failure status, and why when billing said (its error code). */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ALREADY_PAID') return `${PAYMENT_MESSAGES.cancelFailed}: ${CANCEL_REFUSALS.alreadyPaid}`;
  if (code === 'NOT_CANCELLABLE') return `${PAYMENT_MESSAGES.cancelFailed}: ${CANCEL_REFUSALS.notActive}`;
  return `${PAYMENT_MESSAGES.cancelFailed}. Please try again.`;
}

/**
 * Self-service cancellation of a renewing chat plan (issue 28, item 4): Cancel, a confirm step that says what
 * happens, then the result from billing (the plan stays until the end of the paid period and does not renew).
 */
export function CancelPlan({ userId, plan, purchase, onCancelled }: { userId: string; plan: string; purchase: SubscriptionView; onCancelled: (purchase: SubscriptionView) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const until = formatPlanDate(purchase.current_period_end);

  const confirm = async () => {
    setStep({ kind: 'busy' });
    try {
      const answer = await cancelPlan(userId, purchase.id);
      setStep({ kind: 'done', until: formatPlanDate(answer.access_until) });
      onCancelled(answer.subscription);
    } catch (error) {
      setStep({ kind: 'failed', message: reasonOf(error) });
    }
  };

  if (step.kind === 'done') {
    return (
      <p className={styles.success} role="status">
        Your {plan} plan is cancelled. It stays active until {step.until ?? 'the end of the period you paid for'} and will not renew.
      </p>
    );
  }
  if (step.kind === 'confirm' || step.kind === 'busy') {
    return (
      <div className={styles.notice} role="alertdialog" aria-label={`Cancel the ${plan} plan?`}>
        <p>
          Cancel your {plan} plan? You keep it until {until ?? 'the end of the period you paid for'}, and it will not renew. Nothing is refunded.
        </p>
        <div className={styles.demoRow}>
          <button type="button" className={`${buttons.primary} ${styles.button}`} onClick={confirm} disabled={step.kind === 'busy'}>
            {step.kind === 'busy' ? 'Cancelling...' : 'Yes, cancel my plan'}
          </button>
          <button type="button" className={`${buttons.primary} ${styles.button}`} onClick={() => setStep({ kind: 'idle' })} disabled={step.kind === 'busy'}>
            Keep my plan
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <button type="button" className={`${buttons.primary} ${styles.button}`} onClick={() => setStep({ kind: 'confirm' })}>
        Cancel plan
      </button>
      {step.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {step.message}
        </p>
      )}
    </div>
  );
}
