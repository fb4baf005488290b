import { CHAT_TEXT } from '@keisha/contracts/chat';
import { ModalDialog } from '@keisha/ui';
import styles from './paywall-dialog.module.css';

/** Spec section 2: the paywall modal, opened by the daily limit (the 11th message of a Free day). */
export function PaywallDialog({ onUpgrade, onClose }: { onUpgrade: () => void; onClose: () => void }) {
  return (
    <ModalDialog title="Upgrade to Continue" onClose={onClose}>
      <p className={styles.text}>{CHAT_TEXT.messageLimit}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onUpgrade} data-autofocus>
          Upgrade Now
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
