import { session, useKeisha } from '@keisha/store';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { Card } from '../../../components/card.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { confirmEmailChange } from '../api/account-links.ts';
import { LINK_PAGE_MESSAGES, linkTokenFrom } from '../domain/link-page.ts';
import styles from './link-pages.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/**
 * /confirm-email-change?token=…: a button, not an automatic request, so a mail scanner that opens the link
 * changes nothing.
 */
export function ConfirmEmailChangePage() {
  const { search } = useLocation();
  const token = linkTokenFrom(search);
  const [status, setStatus] = useState<Status>(token ? { kind: 'idle' } : { kind: 'failed', message: LINK_PAGE_MESSAGES.noToken });
  const signedIn = useKeisha((s) => s.auth.user !== null);

  async function confirm() {
    if (!token || status.kind === 'busy') return;
    setStatus({ kind: 'busy' });
    try {
      const email = await confirmEmailChange(token);
      setStatus({ kind: 'done', email });
      if (signedIn) void session.renewAccessToken().catch(() => undefined); // the page shows the new address
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, LINK_PAGE_MESSAGES.failed) });
    }
  }

  return (
    <Card title="Confirm your new e-mail address">
      {status.kind === 'done' ? (
        <>
          <Notice kind="success">Your account now uses {status.email}. Sign in with it from now on.</Notice>
          <p className={styles.text}>
            <Link className={styles.link} to={signedIn ? paths.account : paths.decoder}>
              {signedIn ? 'Go to your account' : 'Sign in on the News Decoder'}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className={styles.text}>Confirm that this address is yours, and your account will use it from now on.</p>
          <ActionOutcome
            status={status}
            label="Confirm my new address"
            busyLabel="Confirming..."
            onClick={() => void confirm()}
            showButton={Boolean(token)}
            actionsClassName={styles.actions}
          />
        </>
      )}
    </Card>
  );
}
