import { useEffect, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import styles from './confirm-dialog.module.css';

/**
 * A modal dialog with a form inside, as the console asks a question with a field (deleting an account, answering a
 * support request): shown modal when it mounts, the focus put where `focusOnOpen` says, Escape (or the browser's
 * cancel) calls `onCancel`, and when it unmounts the focus returns to the button that opened it. Mount it only while
 * the question is open.
 */
export function ModalDialog({
  dialogRef,
  labelledBy,
  describedBy,
  onCancel,
  focusOnOpen,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  labelledBy: string;
  describedBy?: string;
  onCancel: () => void;
  /** Where the focus goes when it opens (its field); read once, when it mounts. */
  focusOnOpen?: (dialog: HTMLDialogElement) => void;
  children: ReactNode;
}) {
  // The button that opened it, read before the dialog takes the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const [focusFirst] = useState(() => focusOnOpen);

  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    // jsdom has no showModal; an open attribute shows the same content there.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    focusFirst?.(element);
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [dialogRef, opener, focusFirst]);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // Where the dialog is only open (not modal), Escape is not a cancel event of the browser's.
      onKeyDown={(event: KeyboardEvent<HTMLDialogElement>) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
