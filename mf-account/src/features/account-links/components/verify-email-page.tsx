import { keishaStore, session, useKeisha } from '@keisha/store';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { verifyEmail } from '../api/account-links.ts';
import { LINK_PAGE_MESSAGES, linkTokenFrom } from '../domain/link-page.ts';
import styles from './link-pages.module.css';

export const VERIFIED_MESSAGE = 'Your e-mail address is confirmed. Thank you!';

type Status = { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** /verify-email?token=…: confirms the address as soon as it opens (using the link twice is harmless). */
export function VerifyEmailPage() {
  const { search } = useLocation();
  const token = linkTokenFrom(search);
  const [status, setStatus] = useState<Status>(token ? { kind: 'busy' } : { kind: 'failed', message: LINK_PAGE_MESSAGES.noToken });
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token).then(
      () => {
        setStatus({ kind: 'done' });
        // A signed-in page learns that the address is confirmed with its next token.
        if (keishaStore.getState().auth.user) void session.renewAccessToken().catch(() => undefined);
      },
      (error: unknown) => setStatus({ kind: 'failed', message: errorMessage(error, LINK_PAGE_MESSAGES.failed) }),
    );
  }, [token]);

  return (
    <Card title="Confirm your e-mail address">
      {status.kind === 'busy' && <Loading label="Confirming your address..." />}
      {status.kind === 'done' && <Notice kind="success">{VERIFIED_MESSAGE}</Notice>}
      {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
      {status.kind !== 'busy' && (
        <p className={styles.text}>
          {signedIn ? <Link to={paths.account}>Go to your account</Link> : <Link to={paths.decoder}>Go to the News Decoder</Link>}
        </p>
      )}
    </Card>
  );
}
