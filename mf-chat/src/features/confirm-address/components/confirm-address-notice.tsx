import { CHAT_TEXT } from '@keisha/contracts/chat';
import { useId } from 'react';
import type { AddressConfirmation } from '../hooks/use-address-confirmation.ts';
import styles from './confirm-address-notice.module.css';

export const CONFIRM_ADDRESS_TITLE = 'Confirm your e-mail address';

/**
 * Issue 27: the chat opens once the account's address is confirmed. Shown after the service refused a
 * message for that reason: what to do, a new link, and a way back in once the link has been opened.
 */
export function ConfirmAddressNotice({ confirmation }: { confirmation: AddressConfirmation }) {
  const headingId = useId();
  const { busy, note, resend, recheck } = confirmation;
  return (
    <section className={styles.notice} aria-labelledby={headingId} aria-busy={busy || undefined}>
      <h2 id={headingId} className={styles.title}>
        {CONFIRM_ADDRESS_TITLE}
      </h2>
      <p className={styles.text}>{CHAT_TEXT.emailNotVerified}</p>
      {note && (
        <p className={note.tone === 'error' ? styles.error : styles.info} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => void resend()}>
          Send a new link
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void recheck()}>
          I have confirmed it
        </button>
      </div>
    </section>
  );
}
