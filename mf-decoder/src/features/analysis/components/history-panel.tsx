import type { HistoryEntry } from '@keisha/contracts/decoder';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonStyles as buttons, cardStyles as card, sectionStyles as section } from '@keisha/ui';
import { hasMoreHistory, termCountLabel } from '../domain/history.ts';
import { scoreBandClass } from '../../../lib/score-band.ts';
import type { HistoryState } from '../hooks/use-history.ts';
import panel from './analysis.module.css';
import styles from './history.module.css';

function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

interface HistoryPanelProps {
  history: HistoryState;
  /** Reopens an analysis: the page shows it as the current result. */
  onOpen: (id: string) => Promise<void>;
}

/** Issue 4 ("beyond the spec"): a signed-in reader's past analyses, to reopen or delete. */
export function HistoryPanel({ history, onOpen }: HistoryPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!history.available) return null;
  const { list, status } = history;

  async function run(action: () => Promise<void>, failure: string) {
    setProblem(null);
    try {
      await action();
    } catch {
      setProblem(failure);
    }
  }

  return (
    <section className={`${card.card} ${styles.panel}`} aria-labelledby={headingId} aria-busy={status === 'loading'}>
      <h2 id={headingId} ref={heading} className={`${panel.panelTitle} ${styles.title}`} tabIndex={-1}>
        Your analyses
      </h2>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {status === 'failed' && (
        <p className={styles.problem}>
          Your analyses could not be loaded.{' '}
          <button type="button" className={buttons.link} onClick={history.reload}>
            Retry
          </button>
        </p>
      )}
      {status !== 'failed' && list.entries.length === 0 && (
        <p className={section.muted}>{status === 'loading' ? 'Loading your analyses...' : 'Your analyses will be listed here once you run one.'}</p>
      )}
      {list.entries.length > 0 && (
        <ul className={styles.list}>
          {list.entries.map((entry) => (
            <HistoryItem
              key={entry.id}
              entry={entry}
              onOpen={() => run(() => onOpen(entry.id), 'That analysis could not be opened. Please try again.')}
              onDelete={() =>
                run(async () => {
                  await history.remove(entry.id);
                  // The row and its buttons are gone: keep the focus in the list's section.
                  heading.current?.focus();
                }, 'That analysis could not be deleted. Please try again.')
              }
            />
          ))}
        </ul>
      )}
      {hasMoreHistory(list) && status !== 'failed' && (
        <button type="button" className={`${buttons.secondary} ${styles.more}`} onClick={history.loadMore} aria-disabled={status === 'loading'}>
          {status === 'loading' ? 'Loading...' : 'Show more'}
        </button>
      )}
    </section>
  );
}

function HistoryItem({ entry, onOpen, onDelete }: { entry: HistoryEntry; onOpen: () => Promise<void>; onDelete: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);

  // The pressed button is replaced by the other pair: the focus follows to its counterpart.
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (confirming ? confirmButton : deleteButton).current?.focus();
  }, [confirming]);

  function setConfirmingAndFocus(next: boolean) {
    toggled.current = true;
    setConfirming(next);
  }
  const when = formatWhen(entry.created_at);

  async function act(action: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.item}>
      <span className={`${styles.score} ${scoreBandClass(entry.score)}`} aria-label={`Bias score ${entry.score}`}>
        {entry.score}
      </span>
      <div className={styles.meta}>
        <p className={styles.entryTitle}>{entry.title}</p>
        <p className={styles.details}>
          {when && <time dateTime={entry.created_at}>{when}</time>}
          {when && ' · '}
          {termCountLabel(entry.term_count)}
        </p>
      </div>
      <div className={styles.actions}>
        {confirming ? (
          <>
            <button ref={confirmButton} type="button" className={`${buttons.secondary} ${styles.danger}`} onClick={() => void act(onDelete)} aria-label={`Confirm delete: ${entry.title}`}>
              Confirm delete
            </button>
            <button type="button" className={`${buttons.secondary} ${styles.secondary}`} onClick={() => setConfirmingAndFocus(false)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button type="button" className={`${buttons.secondary} ${styles.secondary}`} onClick={() => void act(onOpen)} aria-label={`Open: ${entry.title}`} aria-disabled={busy}>
              Open
            </button>
            <button
              ref={deleteButton}
              type="button"
              className={`${buttons.secondary} ${styles.secondary}`}
              onClick={() => setConfirmingAndFocus(true)}
              aria-label={`Delete: ${entry.title}`}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}
