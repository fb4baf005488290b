import type { ChatPlansState } from '../hooks/use-chat-plans.ts';
import styles from './plans.module.css';

const CADENCE_OF: Record<string, string> = { 'per month': ' per month', 'per year': ' per year', 'one-time': '' };

/**
 * Spec sections 2 and 9: the manual Cash App way to pay, with the catalogue's Cash App amounts, the
 * account email in the payment note, and the account updated within 1 hour.
 */
export function CashAppInstructions({ plans, email }: { plans: ChatPlansState; email: string | null }) {
  const paid = plans.plans.filter((plan) => plan.cashAppPrice !== null);
  const cashtag = plans.options?.cashapp.cashtag ?? null;
  // The sandbox's tag is a placeholder (no CASHAPP_CASHTAG configured): said plainly, so nobody pays it.
  const sandbox = plans.options?.cashapp.sandbox === true;
  return (
    <div className={styles.cashApp}>
      <h3 className={styles.subheading}>Cash App</h3>
      {paid.length > 0 && (
        <ul className={styles.amounts}>
          {paid.map((plan) => (
            <li key={plan.tier}>
              {plan.name}: {plan.cashAppPrice}
              {plan.cadence ? CADENCE_OF[plan.cadence] : ''}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>
        Send the amount for your plan {cashtag ? <>to <strong>{cashtag}</strong> </> : ''}with Cash App, and write your account email
        {email ? (
          <>
            {' '}
            (<strong>{email}</strong>)
          </>
        ) : null}{' '}
        in the payment note. Your account is updated within 1 hour.
      </p>
      {sandbox && (
        <p className={styles.muted} role="note">
          Sandbox — no real money moves: {cashtag} is a placeholder tag, so do not send money to it. An administrator
          approves test payments in the admin console.
        </p>
      )}
      {!cashtag && plans.options && <p className={styles.muted}>Cash App is not offered on this site.</p>}
    </div>
  );
}
