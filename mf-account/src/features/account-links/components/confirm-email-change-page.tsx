import { session, useKeisha } from '@keisha/store';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { confirmEmailChange } from '../api/account-links.ts';
import { LinkActionButton, useLinkAction } from './link-action.tsx';
import styles from './link-pages.module.css';

/**
 * /confirm-email-change?token=…: a button, not an automatic request, so a mail scanner that opens the link
 * changes nothing.
 */
export function ConfirmEmailChangePage() {
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const confirm = useLinkAction(async (token) => {
    const email = await confirmEmailChange(token);
    if (signedIn) void session.renewAccessToken().catch(() => undefined); // the page shows the new address
    return { email };
  });
  const { status } = confirm;

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
          <LinkActionButton action={confirm} label="Confirm my new address" busyLabel="Confirming..." />
        </>
      )}
    </Card>
  );
}
