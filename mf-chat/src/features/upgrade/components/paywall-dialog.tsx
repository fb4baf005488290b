import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { trackEvent } from '@keisha/store';
import { buttonStyles as buttons, ModalDialog } from '@keisha/ui';
import { useEffect, useRef } from 'react';
import type { ChatProfile } from '../../profile/domain/profile.ts';
import styles from './paywall-dialog.module.css';

interface PaywallDialogProps {
  /** The reader's plan and today's count when the limit was reached (null: not loaded), for the analytics event. */
  usage: ChatProfile | null;
  onUpgrade: () => void;
  onClose: () => void;
}

/** Spec section 2: the paywall modal, opened by the daily limit (the 11th message of a Free day). */
export function PaywallDialog({ usage, onUpgrade, onClose }: PaywallDialogProps) {
  // Recorded once per showing, with what the reader had used when it opened.
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    void trackEvent(CHAT_EVENTS.paywallShown, {
      reason: 'daily_limit',
      plan: usage?.plan ?? null,
      messages_today: usage?.messagesToday ?? null,
      daily_limit: usage?.dailyLimit ?? null,
    });
  }, [usage]);

  return (
    <ModalDialog title="Upgrade to Continue" onClose={onClose}>
      <p className={styles.text}>{CHAT_TEXT.messageLimit}</p>
      <div className={styles.actions}>
        <button type="button" className={`${buttons.primary} ${styles.button}`} onClick={onUpgrade} data-autofocus>
          Upgrade Now
        </button>
        <button type="button" className={`${buttons.secondary} ${styles.button}`} onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
