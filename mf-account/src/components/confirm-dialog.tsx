import { useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';
import styles from './confirm-dialog.module.css';

export interface Confirmation {
  title: string;
  body: string;
  /** The confirm button: says what will happen ('Yes, disable'). */
  confirmLabel: string;
  danger?: boolean;
}

/**
 * A modal question before a destructive action. Escape or 'Cancel' answers no; focus returns to
 * where it was. Mount it only while the question is open.
 */
export function ConfirmDialog({
  confirmation,
  onConfirm,
  onCancel,
}: {
  confirmation: Confirmation;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; an open attribute shows the same content there.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {confirmation.title}
      </h2>
      <p id={bodyId} className={styles.body}>
        {confirmation.body}
      </p>
      <div className={styles.actions}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant={confirmation.danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmation.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
