import { EARLY_ACCESS, type SubscriptionView } from '@keisha/contracts/billing';
import type { ChatTier } from '@keisha/contracts/chat';
import { useId, useState } from 'react';
import { FactList, sectionStyles as section } from '@keisha/ui';
import { planStatusOf } from '../domain/plan-status.ts';
import { CancelPlan } from './cancel-plan.tsx';
import styles from './settings.module.css';

interface AccountInfoProps {
  email: string | null;
  userId: string | null;
  plan: ChatTier;
  /** 'Messages today: n / 10' for Free, null otherwise. */
  messagesToday: string | null;
  /** The chat purchase giving access now (undefined while billing is asked). */
  purchase: SubscriptionView | null | undefined;
  onPurchaseChanged: (purchase: SubscriptionView) => void;
}

/**
 * Spec section 2 (Settings): email, current plan, renewal date, and today's messages on Free. A renewing plan
 * shows "Renews on" and a Cancel button; a cancelled one "Active until" (issue 28, item 4).
 */
export function AccountInfo({ email, userId, plan, messagesToday, purchase, onPurchaseChanged }: AccountInfoProps) {
  const headingId = useId();
  const status = plan === 'Free' || plan === 'Gold' ? null : planStatusOf(purchase ?? null);
  // Once cancelled here, the result stays in view (the plan line itself turns to "Active until").
  const [cancelledHere, setCancelledHere] = useState(false);
  const cancelled = (next: SubscriptionView) => {
    setCancelledHere(true);
    onPurchaseChanged(next);
  };
  return (
    <section className={section.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        Account
      </h2>
      <FactList
        facts={[
          { label: 'Email', value: email ?? '—' },
          { label: 'Plan', value: plan },
          status && { label: status.label, value: status.date },
        ]}
      />
      {messagesToday && <p className={styles.usage}>{messagesToday}</p>}
      {/* Gold sells early access (spec section 9): billing's list of Gold readers is invited first (docs/billing.md). */}
      {plan === 'Gold' && <p className={styles.usage}>{EARLY_ACCESS.reader}</p>}
      {(status?.kind === 'renews' || cancelledHere) && purchase && userId && <CancelPlan userId={userId} plan={plan} purchase={purchase} onCancelled={cancelled} />}
    </section>
  );
}
