import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { LINK_PAGE_MESSAGES, linkTokenFrom } from '../domain/link-page.ts';
import styles from './link-pages.module.css';

export type LinkActionStatus<Done extends object> =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | ({ kind: 'done' } & Done)
  | { kind: 'failed'; message: string };

export interface LinkAction<Done extends object> {
  /** The link's token, or null when the link carries none (or a malformed one). */
  token: string | null;
  status: LinkActionStatus<Done>;
  /** Takes the action (not again while it runs). */
  run: () => void;
}

/**
 * The one action a link page's button takes with the link's token: failed at once when there is no token, busy
 * while it runs, then done with what `act` gave, or failed with the server's reason. An `act` that gives nothing
 * leaves the page busy (it is going elsewhere).
 */
export function useLinkAction<Done extends object>(act: (token: string) => Promise<Done | undefined>): LinkAction<Done> {
  const { search } = useLocation();
  const token = linkTokenFrom(search);
  const [status, setStatus] = useState<LinkActionStatus<Done>>(token ? { kind: 'idle' } : { kind: 'failed', message: LINK_PAGE_MESSAGES.noToken });

  async function run() {
    if (!token || status.kind === 'busy') return;
    setStatus({ kind: 'busy' });
    try {
      const done = await act(token);
      if (done) setStatus({ kind: 'done', ...done });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, LINK_PAGE_MESSAGES.failed) });
    }
  }

  return { token, status, run: () => void run() };
}

/** The link page's button under what came of its action; none when the link has no token. */
export function LinkActionButton({ action, label, busyLabel }: { action: LinkAction<object>; label: string; busyLabel: string }) {
  return (
    <ActionOutcome
      status={action.status}
      label={label}
      busyLabel={busyLabel}
      onClick={action.run}
      showButton={Boolean(action.token)}
      actionsClassName={styles.actions}
    />
  );
}
