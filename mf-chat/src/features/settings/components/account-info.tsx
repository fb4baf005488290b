import type { Entitlement } from '@keisha/contracts/billing';
import type { ChatTier } from '@keisha/contracts/chat';
import { useId } from 'react';
import { renewalDate } from '../domain/account-summary.ts';
import styles from './settings.module.css';

interface AccountInfoProps {
  email: string | null;
  plan: ChatTier;
  /** 'Messages today: n / 10' for Free, null otherwise. */
  messagesToday: string | null;
  entitlement: Entitlement | null;
}

/** Spec section 2 (Settings): email, current plan, renewal date, and today's messages on Free. */
export function AccountInfo({ email, plan, messagesToday, entitlement }: AccountInfoProps) {
  const headingId = useId();
  const renews = renewalDate(plan, entitlement);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Account
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Email</dt>
          <dd>{email ?? '—'}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{plan}</dd>
        </div>
        {renews && (
          <div>
            <dt>Renews on</dt>
            <dd>{renews}</dd>
          </div>
        )}
      </dl>
      {messagesToday && <p className={styles.usage}>{messagesToday}</p>}
    </section>
  );
}
