import type { SubscriptionView } from '@keisha/contracts/billing';
import { usePlanCancellation } from '@keisha/ui';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { RemoteDataHandle } from '../../../lib/use-remote-data.ts';
import { cancelOwnPlan } from '../api/own-purchases.ts';
import { runningPurchases, planLine, type PlanLine } from '../domain/plan-purchases.ts';
import styles from './account-page.module.css';

/** One paid plan: its state, and for a renewing one, Cancel with a confirm step and the result. */
function PlanRow({ userId, line, onChanged }: { userId: string; line: PlanLine; onChanged: (purchase: SubscriptionView) => void }) {
  const { step, ask, keep, confirm } = usePlanCancellation(async () => {
    const answer = await cancelOwnPlan(userId, line.purchaseId);
    onChanged(answer.subscription);
    return planLine(answer.subscription).until;
  });
  return (
    <li className={styles.planRow}>
      <span>
        <strong>{line.name}</strong> · <span>{line.status}</span>
      </span>
      {line.kind === 'renews' && (step.kind === 'idle' || step.kind === 'failed') && (
        <Button size="small" onClick={ask}>
          Cancel plan
        </Button>
      )}
      {(step.kind === 'confirm' || step.kind === 'busy') && (
        <div role="alertdialog" aria-label={`Cancel ${line.name}?`} className={styles.planConfirm}>
          <p>
            Cancel {line.name}? You keep it until {line.until ?? 'the end of the period you paid for'}, and it will not renew. Nothing is
            refunded.
          </p>
          <div className={styles.actions}>
            <Button variant="danger" size="small" onClick={confirm} disabled={step.kind === 'busy'}>
              {step.kind === 'busy' ? 'Cancelling…' : 'Yes, cancel my plan'}
            </Button>
            <Button size="small" onClick={keep} disabled={step.kind === 'busy'}>
              Keep my plan
            </Button>
          </div>
        </div>
      )}
      {step.kind === 'done' && (
        <Notice kind="success">
          {line.name} is cancelled. It stays active until {step.until ?? 'the end of the period you paid for'} and will not renew.
        </Notice>
      )}
      {step.kind === 'failed' && <Notice kind="error">{step.message}</Notice>}
    </li>
  );
}

/**
 * The plan section of the account page (issue 28, item 4): each paid plan held now (the one giving access first,
 * then any other still running beside it), "Renews on" or "Active until", and self-service cancellation of each
 * renewing one.
 */
export function PlanDetails({ userId, purchases }: { userId: string; purchases: RemoteDataHandle<SubscriptionView[]> }) {
  if (purchases.state.status !== 'ready') return null;
  const lines = runningPurchases(purchases.state.data).map((purchase) => planLine(purchase));
  if (lines.length === 0) return null;
  const replace = (next: SubscriptionView) => purchases.update((all) => all.map((purchase) => (purchase.id === next.id ? next : purchase)));
  return (
    <ul className={styles.planList} aria-label="Your paid plans">
      {lines.map((line) => (
        <PlanRow key={line.purchaseId} userId={userId} line={line} onChanged={replace} />
      ))}
    </ul>
  );
}
