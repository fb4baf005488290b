import { useId, useRef } from 'react';
import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';
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

  return (
    <ModalDialog dialogRef={dialog} labelledBy={titleId} describedBy={bodyId} onCancel={onCancel}>
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
    </ModalDialog>
  );
}
