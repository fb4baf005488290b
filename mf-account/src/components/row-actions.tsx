import { useId, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/error-message.ts';
import { Button, type ButtonProps } from './button.tsx';
import { ConfirmDialog, type Confirmation } from './confirm-dialog.tsx';
import { Notice } from './notice.tsx';
import styles from './row-actions.module.css';

export interface RowActionOptions<Request> {
  /** The row a request changes: one change at a time, and its row says "saving". */
  rowIdOf: (request: Request) => string;
  /** The question to ask first, or null to go ahead without asking. */
  confirmationOf: (request: Request) => Confirmation | null;
  /** Makes the change and says what was done. */
  run: (request: Request) => Promise<string>;
  /** What to say when the change failed and the server does not say why. */
  failedText: (request: Request) => string;
  /** After a failure (the row may have changed meanwhile: load it again). */
  onFailed?: (request: Request) => void;
}

/**
 * An admin list's changes to one row (approve a payment, disable a user): asked about first where they need it,
 * one at a time, and what came of the last one. Render `notice` above the list and `dialog` after it.
 */
export function useRowAction<Request>({ rowIdOf, confirmationOf, run, failedText, onFailed }: RowActionOptions<Request>) {
  const [pending, setPending] = useState<{ request: Request; confirmation: Confirmation } | null>(null);
  const [savingId, setSavingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);

  async function apply(request: Request) {
    setSavingId(rowIdOf(request));
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', message: await run(request) });
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessage(error, failedText(request)) });
      onFailed?.(request);
    } finally {
      setSavingId(null);
    }
  }

  function request(request: Request) {
    if (savingId) return; // one change at a time: the buttons stay focusable, so they are not disabled
    const confirmation = confirmationOf(request);
    if (confirmation) setPending({ request, confirmation });
    else void apply(request);
  }

  const notice: ReactNode = outcome && <Notice kind={outcome.kind}>{outcome.message}</Notice>;
  const dialog: ReactNode = pending && (
    <ConfirmDialog
      confirmation={pending.confirmation}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        setPending(null);
        void apply(pending.request);
      }}
    />
  );
  return { request, savingId, notice, dialog, clearOutcome: () => setOutcome(null) };
}

/** What an admin table of rows with buttons is given besides its rows: the row being saved, a page loading, the empty text. */
export interface RowActionTableProps<Row, Change> {
  savingId: string | null;
  busy: boolean;
  empty: string;
  /** A row's button was pressed. */
  onChange: (row: Row, change: Change) => void;
}

/** An id for the element naming each row (its e-mail), unique on the page, for the row's buttons to be described by. */
export function useRowNameId(): (row: { id: string }) => string {
  const prefix = useId();
  return (row) => `${prefix}-row-${row.id}`;
}

export interface RowButton {
  key: string;
  label: string;
  variant: ButtonProps['variant'];
  onClick: () => void;
}

/** A row's buttons, each described by the cell naming the row (its e-mail) and marked while that row saves. */
export function RowActions({ buttons, describedBy, saving }: { buttons: readonly RowButton[]; describedBy: string; saving: boolean }) {
  return (
    <div className={styles.actions}>
      {buttons.map(({ key, label, variant, onClick }) => (
        <Button key={key} size="small" variant={variant} aria-describedby={describedBy} aria-disabled={saving || undefined} onClick={onClick}>
          {label}
        </Button>
      ))}
    </div>
  );
}
