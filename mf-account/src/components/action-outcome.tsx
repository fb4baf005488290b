import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Notice } from './notice.tsx';

export interface ActionOutcomeProps {
  /** Where the action stands; `message` says why it failed. */
  status: { kind: 'idle' | 'busy' | 'done' | 'failed'; message?: string };
  /** What to say once it is done (nothing when the page shows something else instead). */
  done?: ReactNode;
  label: string;
  /** The button's label while the action runs ("Saving..."). */
  busyLabel: string;
  /** The button's action; without it, the button submits its form. */
  onClick?: () => void;
  /** Whether there is an action to take at all (a link page without its token has none). */
  showButton?: boolean;
  /** The class of the row the button stands in. */
  actionsClassName: string | undefined;
  /** 'danger' for an action that cannot be undone (deleting the account). */
  variant?: 'primary' | 'danger';
  /** Another button in the same row, after this one (the way back: 'Keep my account'). */
  beside?: ReactNode;
}

/** What came of an action (success or the server's error), then the button that runs it (primary, or danger), busy while it runs. */
export function ActionOutcome({ status, done, label, busyLabel, onClick, showButton = true, actionsClassName, variant = 'primary', beside }: ActionOutcomeProps) {
  const busy = status.kind === 'busy';
  return (
    <>
      {status.kind === 'done' && done !== undefined && <Notice kind="success">{done}</Notice>}
      {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
      {showButton && (
        <div className={actionsClassName}>
          <Button type={onClick ? 'button' : 'submit'} variant={variant} disabled={busy} onClick={onClick}>
            {busy ? busyLabel : label}
          </Button>
          {beside}
        </div>
      )}
    </>
  );
}
