import { useId } from 'react';
import type { AddressConfirmation } from './use-address-confirmation.ts';
import buttons from '../button.module.css';
import styles from './confirm-address-notice.module.css';

export const CONFIRM_ADDRESS_TITLE = 'Confirm your e-mail address';

export interface ConfirmAddressNoticeProps {
  confirmation: AddressConfirmation;
  /** What confirming gives this reader, in the remote's words. */
  text: string;
  /** The heading's level where the notice stands (a page section, or a part of a dialog). */
  headingLevel?: 'h2' | 'h3';
  /** Where it stands: its margins. */
  className?: string;
}

/** What to do about an unconfirmed address: a new link, and a way back in once the link has been opened. */
export function ConfirmAddressNotice({ confirmation, text, headingLevel: Heading = 'h2', className }: ConfirmAddressNoticeProps) {
  const headingId = useId();
  const { busy, note, resend, recheck } = confirmation;
  return (
    <section className={[styles.notice, className].filter(Boolean).join(' ')} aria-labelledby={headingId} aria-busy={busy || undefined}>
      <Heading id={headingId} className={styles.title}>
        {CONFIRM_ADDRESS_TITLE}
      </Heading>
      <p className={styles.text}>{text}</p>
      {note && (
        <p className={note.tone === 'error' ? styles.error : styles.info} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      {confirmation.state === 'unconfirmed' && (
        <div className={styles.actions}>
          <button type="button" className={`${buttons.primary} ${buttons.small}`} disabled={busy} onClick={() => void resend()}>
            Send a new link
          </button>
          <button type="button" className={`${buttons.secondary} ${buttons.small}`} disabled={busy} onClick={() => void recheck()}>
            I have confirmed it
          </button>
        </div>
      )}
    </section>
  );
}
