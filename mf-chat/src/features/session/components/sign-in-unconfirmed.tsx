import { session } from '@keisha/store';
import { useId, useState } from 'react';
import { buttonStyles as buttons, statusCardStyles as statusCard } from '@keisha/ui';
import styles from './sign-in-unconfirmed.module.css';

/** Not in the spec: the chat while identity cannot confirm the reader's sign-in (down, or failing). */
export const CHAT_UNAVAILABLE_TITLE = 'Your chat is unavailable right now';
export const NOT_SIGNED_OUT_NOTE = 'You have not been signed out. Your chat opens here by itself as soon as your sign-in is confirmed.';

/**
 * Said in place of the chat while the sign-in this browser holds cannot be confirmed: the service's reason,
 * that the reader is not signed out, and Try Again (the session also asks again by itself).
 */
export function SignInUnconfirmed({ reason }: { reason: string }) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const askAgain = async () => {
    setAsking(true);
    try {
      await session.confirm();
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className={statusCard.page}>
      <section className={`${statusCard.card} ${styles.card}`} aria-labelledby={headingId} aria-busy={asking || undefined}>
        <h1 id={headingId} className={statusCard.title}>
          {CHAT_UNAVAILABLE_TITLE}
        </h1>
        <p className={styles.reason} role="alert">
          {reason}
        </p>
        <p className={statusCard.note}>{NOT_SIGNED_OUT_NOTE}</p>
        <button type="button" className={`${buttons.primary} ${styles.retry}`} disabled={asking} onClick={() => void askAgain()}>
          Try Again
        </button>
      </section>
    </div>
  );
}
