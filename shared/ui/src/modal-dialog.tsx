import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal-dialog.module.css';

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export interface ModalDialogProps {
  /** The heading that names the dialog. */
  title: string;
  /** Asked to close: the close button, Escape, or a click on the backdrop. The owner unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog box (its width, say). */
  className?: string;
}

/**
 * A modal dialog over the page. Mounting it opens it and unmounting closes it. It is the browser's own
 * <dialog> opened with showModal(), so the page behind is inert and focus cannot wander out; where that
 * is missing (jsdom, old browsers) it still opens, with Escape and the focus handling done here.
 * Focus goes to the element marked `data-autofocus` (or the first control) and back to the opener on close.
 */
export function ModalDialog({ title, onClose, children, className }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read once, at the first render: by the time effects run, focus may already be inside the dialog.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  // A press that starts inside the box and ends on the backdrop (selecting text, say) is not a dismissal.
  const pressStartedInside = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    // The page behind a modal stays where it is. Done here, not in CSS, so no remote's stylesheet
    // ever reaches outside its own elements.
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previousOverflow;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Handled here rather than by the browser, so the owner's state decides; and it must not reach
    // the page's own Escape handlers (a navigation menu, say) through React's tree.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  // The browser closed it on its own (a repeated close request): tell the owner. While the dialog is
  // still open the event is a stale one from a remount, and changes nothing.
  const onNativeClose = () => {
    if (!dialogRef.current?.open) onClose();
  };

  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressStartedInside.current = event.target !== event.currentTarget;
  };

  // The dialog element has no padding of its own, so a click that lands on it landed on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const onBackdrop = event.target === event.currentTarget && !pressStartedInside.current;
    pressStartedInside.current = false;
    if (onBackdrop) onClose();
  };

  return createPortal(
    <dialog
      ref={dialogRef}
      className={[styles.dialog, className].filter(Boolean).join(' ')}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onNativeClose}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className={styles.box}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <svg className={styles.closeIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
