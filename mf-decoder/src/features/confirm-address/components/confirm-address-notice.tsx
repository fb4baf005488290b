import { useId } from 'react';
import type { AddressConfirmation } from '../hooks/use-address-confirmation.ts';
import styles from './confirm-address-notice.module.css';

export const CONFIRM_ADDRESS_TITLE = 'Confirm your e-mail address';
/** Issue 27: what an unconfirmed free account's allowance is, and how to get its own. */
export const UNCONFIRMED_ALLOWANCE =
  'Until you confirm your e-mail address, your account shares the 3 free analyses a day of guests at your network address. Open the link we sent you when you signed up to get your own, or ask for a new one.';

/** In the paywall of a free account that has not confirmed its address: what to do, a new link, and a way back. */
export function ConfirmAddressNotice({ confirmation }: { confirmation: AddressConfirmation }) {
  const headingId = useId();
  const { busy, note, resend, recheck } = confirmation;
  return (
    <section className={styles.notice} aria-labelledby={headingId} aria-busy={busy || undefined}>
      <h3 id={headingId} className={styles.title}>
        {CONFIRM_ADDRESS_TITLE}
      </h3>
      <p className={styles.text}>{UNCONFIRMED_ALLOWANCE}</p>
      {note && (
        <p className={note.tone === 'error' ? styles.error : styles.info} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      {confirmation.state === 'unconfirmed' && (
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void resend()}>
            Send a new link
          </button>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void recheck()}>
            I have confirmed it
          </button>
        </div>
      )}
    </section>
  );
}
