import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { Card } from '../../../components/card.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { signInWithLink } from '../api/account-links.ts';
import { LINK_PAGE_MESSAGES, linkTokenFrom, unlockNextFrom } from '../domain/link-page.ts';
import styles from './link-pages.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string };

/**
 * /unlock?token=…&next=…: a one-time sign-in link. A button, so a mail scanner that opens the link neither
 * uses it up nor signs itself in; then a full load of the next page, which restores the new session.
 */
export function UnlockPage() {
  const { search } = useLocation();
  const token = linkTokenFrom(search);
  const next = unlockNextFrom(search);
  const [status, setStatus] = useState<Status>(token ? { kind: 'idle' } : { kind: 'failed', message: LINK_PAGE_MESSAGES.noToken });

  async function signIn() {
    if (!token || status.kind === 'busy') return;
    setStatus({ kind: 'busy' });
    try {
      await signInWithLink(token);
      window.location.assign(next);
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, LINK_PAGE_MESSAGES.failed) });
    }
  }

  return (
    <Card title="Sign in with your link" lead="This one-time link signs you in on this device, even while sign-ins from unknown networks are held back.">
      <ActionOutcome
        status={status}
        label="Sign me in"
        busyLabel="Signing In..."
        onClick={() => void signIn()}
        showButton={Boolean(token)}
        actionsClassName={styles.actions}
      />
    </Card>
  );
}
