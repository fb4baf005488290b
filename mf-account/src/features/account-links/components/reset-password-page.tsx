import { PASSWORD_MIN_LENGTH, RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { session, useKeisha } from '@keisha/store';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { Notice } from '../../../components/notice.tsx';
import { EmailField } from '../../../components/email-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { requestPasswordReset, resetPassword } from '../api/account-links.ts';
import { LINK_PAGE_MESSAGES, linkTokenFrom, validateEmail, validateNewPassword, type NewPasswordErrors } from '../domain/link-page.ts';
import styles from './link-pages.module.css';

export const PASSWORD_RESET_DONE = 'Your password has been changed, and every device has been signed out. Sign in with your new password.';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** /reset-password: without a token, asks for the address to mail a link to; with one, sets the new password. */
export function ResetPasswordPage() {
  const { search } = useLocation();
  const token = linkTokenFrom(search);
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}

function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateEmail(email);
    setError(invalid);
    if (invalid) return;
    setStatus({ kind: 'busy' });
    try {
      await requestPasswordReset(email);
      setStatus({ kind: 'done' });
    } catch (failure) {
      setStatus({ kind: 'failed', message: errorMessage(failure, LINK_PAGE_MESSAGES.failed) });
    }
  }

  return (
    <Card title="Reset your password" lead="Enter the e-mail address of your account. We will send you a link to choose a new password.">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <EmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
          error={error}
          disabled={busy}
        />
        {status.kind === 'done' && <Notice kind="success">{RECOVERY_MESSAGES.resetLinkSent}</Notice>}
        {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Sending...' : 'Send me a reset link'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';
  const signedIn = useKeisha((s) => s.auth.user !== null);

  const edit = (field: 'password' | 'confirm') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validateNewPassword(values);
    setErrors(found);
    if (found.password || found.confirm) return;
    setStatus({ kind: 'busy' });
    try {
      await resetPassword(token, values.password);
      setStatus({ kind: 'done' });
      // This browser's session ended with every other one: let the page know now.
      if (signedIn) void session.renewAccessToken().catch(() => undefined);
    } catch (failure) {
      setStatus({ kind: 'failed', message: errorMessage(failure, LINK_PAGE_MESSAGES.failed) });
    }
  }

  if (status.kind === 'done') {
    return (
      <Card title="Password changed">
        <Notice kind="success">{PASSWORD_RESET_DONE}</Notice>
        <p className={styles.text}>
          <Link className={styles.link} to={paths.decoder}>
            Sign in on the News Decoder
          </Link>
        </p>
      </Card>
    );
  }
  return (
    <Card title="Choose a new password" lead="Setting it signs your account out on every device.">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <NewPasswordFields
          password={values.password}
          confirm={values.confirm}
          errors={errors}
          hint={`At least ${Math.max(PASSWORD_MIN_LENGTH, 8)} characters. A few unusual words are strong and easy to remember.`}
          onPassword={edit('password')}
          onConfirm={edit('confirm')}
          disabled={busy}
        />
        {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
