import type { ChatSession } from '@keisha/contracts/chat';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonStyles as buttons } from '@keisha/ui';
import { checkTitle, titleOf } from '../domain/session-list.ts';
import styles from './side-panel.module.css';

interface SessionItemProps {
  session: ChatSession;
  current: boolean;
  onOpen: (id: string) => void;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}

type Mode = 'view' | 'renaming' | 'confirming';

/** One conversation in the list: open it, rename it in place, or delete it after a confirmation. */
export function SessionItem({ session, current, onOpen, onRename, onDelete }: SessionItemProps) {
  const title = titleOf(session);
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const returnFocus = useRef<'rename' | 'delete' | null>(null);

  useEffect(() => {
    if (mode === 'renaming') field.current?.select();
    if (mode === 'confirming') confirm.current?.focus();
    if (mode === 'view' && returnFocus.current) {
      (returnFocus.current === 'rename' ? renameButton : deleteButton).current?.focus();
      returnFocus.current = null;
    }
  }, [mode]);

  function back(to: 'rename' | 'delete') {
    returnFocus.current = to;
    setError(null);
    setMode('view');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkTitle(draft);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setBusy(true);
    try {
      await onRename(session.id, checked.title);
      back('rename');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'The conversation could not be renamed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await onDelete(session.id);
    } catch {
      setError('The conversation could not be deleted. Please try again.');
      setBusy(false);
    }
  }

  if (mode === 'renaming') {
    return (
      <li className={styles.item}>
        <form className={styles.renameForm} onSubmit={(event) => void save(event)}>
          <input
            ref={field}
            className={styles.renameInput}
            aria-label={`New title for ${title}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                back('rename');
              }
            }}
            disabled={busy}
          />
          <div className={styles.inlineActions}>
            <button type="submit" className={`${buttons.secondary} ${buttons.tiny} ${styles.smallButton}`} disabled={busy}>
              Save
            </button>
            <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.smallButton}`} onClick={() => back('rename')} disabled={busy}>
              Cancel
            </button>
          </div>
          {error && (
            <p id={errorId} className={styles.itemError} role="alert">
              {error}
            </p>
          )}
        </form>
      </li>
    );
  }

  if (mode === 'confirming') {
    return (
      <li className={styles.item}>
        <div className={styles.confirm}>
          <p className={styles.confirmText}>Delete “{title}”?</p>
          <div className={styles.inlineActions}>
            <button ref={confirm} type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.smallButton} ${styles.danger}`} onClick={() => void remove()} disabled={busy}>
              Delete
            </button>
            <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.smallButton}`} onClick={() => back('delete')} disabled={busy}>
              Cancel
            </button>
          </div>
          {error && (
            <p className={styles.itemError} role="alert">
              {error}
            </p>
          )}
        </div>
      </li>
    );
  }

  return (
    <li className={styles.item}>
      <div className={styles.itemRow} data-current={current || undefined}>
        <button type="button" className={styles.open} aria-current={current ? 'true' : undefined} onClick={() => onOpen(session.id)} title={title}>
          {title}
        </button>
        <button
          ref={renameButton}
          type="button"
          className={styles.iconButton}
          aria-label={`Rename ${title}`}
          onClick={() => {
            setDraft(session.title ?? '');
            setMode('renaming');
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
        </button>
        <button ref={deleteButton} type="button" className={styles.iconButton} aria-label={`Delete ${title}`} onClick={() => setMode('confirming')}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 7h14M10 7V5h4v2M7 7l1 13h8l1-13" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
    </li>
  );
}
