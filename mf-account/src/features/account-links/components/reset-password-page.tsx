import { ApiError } from '@keisha/contracts';
import { NEW_PASSWORD_HINT, RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { session, useKeisha } from '@keisha/store';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { FieldForm } from '../../../components/field-form.tsx';
import { Loading } from '../../../components/loading.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { Notice } from '../../../components/notice.tsx';
import { EmailField } from '../../../components/email-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import { checkResetLink, requestPasswordReset, resetPassword } from '../api/account-links.ts';
import { LINK_PAGE_MESSAGES, linkTokenFrom, validateEmail, validateNewPassword } from '../domain/link-page.ts';
import styles from './link-pages.module.css';

export const PASSWORD_RESET_DONE = 'Your password has been changed, and every device has been signed out. Sign in with your new password.';

/** /reset-password: without a token, asks for the address to mail a link to; with one, sets the new password. */
export function ResetPasswordPage() {
  const { search } = useLocation();
  const token = linkTokenFrom(search);
  return token ? <ResetWithLink token={token} /> : <RequestResetForm />;
}

type LinkState = { kind: 'checking' } | { kind: 'usable' } | { kind: 'refused'; message: string };

/** Identity's refusals of a link itself: not valid (400), used (409), expired (410). */
const refusesLink = (error: unknown): error is ApiError => error instanceof ApiError && [400, 409, 410].includes(error.status);

/**
 * The link is checked as the page opens, so a used or expired one is said at once, with a way to a new one,
 * rather than after the reader typed a new password twice. When identity cannot be asked, the form is shown:
 * setting the password asks again.
 */
function ResetWithLink({ token }: { token: string }) {
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  useEffect(() => {
    let current = true;
    checkResetLink(token).then(
      () => current && setLink({ kind: 'usable' }),
      (error: unknown) => current && setLink(refusesLink(error) ? { kind: 'refused', message: error.message } : { kind: 'usable' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (link.kind === 'checking') {
    return (
      <Card title="Choose a new password">
        <Loading label="Checking your link..." />
      </Card>
    );
  }
  if (link.kind === 'refused') {
    return (
      <Card title="This reset link cannot be used">
        <Notice kind="error">{link.message}</Notice>
        <p className={styles.text}>
          <Link className={styles.link} to={paths.resetPassword}>
            Send me a new reset link
          </Link>
        </p>
      </Card>
    );
  }
  return <NewPasswordForm token={token} />;
}

function RequestResetForm() {
  const form = useFieldForm({ email: '' });
  const submit = form.submit({
    validate: ({ email }) => ({ email: validateEmail(email) }),
    send: async ({ email }) => {
      await requestPasswordReset(email);
    },
    failure: (error) => errorMessage(error, LINK_PAGE_MESSAGES.failed),
  });

  return (
    <Card title="Reset your password" lead="Enter the e-mail address of your account. We will send you a link to choose a new password.">
      <FieldForm status={form.status} onSubmit={submit} done={RECOVERY_MESSAGES.resetLinkSent} submitLabel="Send me a reset link" busyLabel="Sending..." classes={styles}>
        <EmailField {...form.field('email')} />
      </FieldForm>
    </Card>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const form = useFieldForm({ password: '', confirm: '' });
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const submit = form.submit({
    validate: validateNewPassword,
    send: async ({ password }) => {
      await resetPassword(token, password);
      // This browser's session ended with every other one: let the page know now.
      if (signedIn) void session.renewAccessToken().catch(() => undefined);
    },
    failure: (error) => errorMessage(error, LINK_PAGE_MESSAGES.failed),
  });

  if (form.status.kind === 'done') {
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
      <FieldForm status={form.status} onSubmit={submit} submitLabel="Set new password" busyLabel="Saving..." classes={styles}>
        <NewPasswordFields
          password={form.field('password')}
          confirm={form.field('confirm')}
          hint={NEW_PASSWORD_HINT}
        />
      </FieldForm>
    </Card>
  );
}
