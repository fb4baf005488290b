import { RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles as buttons, formStyles } from '@keisha/ui';
import { Card } from '../../../components/card.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { requestSignInLink } from '../api/request-sign-in-link.ts';
import { adminLoginBody, adminLoginErrorMessage, canSubmitAdminLogin, isThrottled } from '../domain/admin-login.ts';
import { EmailField } from '../../../components/email-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import styles from './admin-sign-in-page.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string; throttled: boolean } | { kind: 'link-sent' };

/**
 * Administrator sign-in (spec sections 2, 4 and 8): idle, busy, then the server's error. On success
 * the site's session holds an admin, and /admin shows the console in place of this page.
 */
export function AdminSignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const mounted = useRef(true);
  const busy = status.kind === 'busy';

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const credentials = { email, password };
    if (!canSubmitAdminLogin(credentials, busy)) return;
    setStatus({ kind: 'busy' });
    try {
      const body = adminLoginBody(credentials);
      await session.adminSignIn(body.email, body.password);
      if (mounted.current) setStatus({ kind: 'idle' });
    } catch (error) {
      if (mounted.current) setStatus({ kind: 'failed', message: adminLoginErrorMessage(error), throttled: isThrottled(error) });
    }
  }

  async function sendSignInLink() {
    if (busy) return;
    setStatus({ kind: 'busy' });
    try {
      await requestSignInLink(email);
      if (mounted.current) setStatus({ kind: 'link-sent' });
    } catch (error) {
      if (mounted.current) setStatus({ kind: 'failed', message: adminLoginErrorMessage(error), throttled: false });
    }
  }

  return (
    <Card title="Admin Sign In" lead="For Keisha administrators. Use the email and password of your admin account.">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <EmailField
          required
          value={email}
          onChange={setEmail}
          disabled={busy}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          disabled={busy}
        />
        {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
        {status.kind === 'failed' && status.throttled && (
          <button type="button" className={`${buttons.secondary} ${styles.secondary}`} onClick={() => void sendSignInLink()} disabled={email.trim() === ''}>
            {RECOVERY_MESSAGES.signInLinkOffer}
          </button>
        )}
        {status.kind === 'link-sent' && (
          <p className={styles.sent} role="status">
            {RECOVERY_MESSAGES.signInLinkSent}
          </p>
        )}
        <button type="submit" className={`${buttons.primary} ${buttons.pressable} ${styles.submit}`} disabled={!canSubmitAdminLogin({ email, password }, busy)}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
        <Link className={formStyles.forgot} to={paths.resetPassword}>
          {RECOVERY_MESSAGES.forgotPassword}
        </Link>
      </form>
    </Card>
  );
}
