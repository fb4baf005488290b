import { AUTH_MESSAGES, RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { requestEmailChange } from '../api/request-email-change.ts';
import styles from './account-page.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'sent' } | { kind: 'failed'; message: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Change the e-mail address: confirmed by a link sent to the new one; the old one is told when it changes. */
export function EmailSection({ email, headingId }: { email: string; headingId: string }) {
  const [values, setValues] = useState({ newEmail: '', password: '' });
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string }>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';

  const edit = (field: 'newEmail' | 'password') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const newEmail = values.newEmail.trim();
    const found = {
      newEmail: newEmail === '' ? AUTH_MESSAGES.emailRequired : EMAIL_PATTERN.test(newEmail) ? undefined : AUTH_MESSAGES.emailInvalid,
      password: values.password === '' ? AUTH_MESSAGES.passwordRequired : undefined,
    };
    setErrors(found);
    if (found.newEmail || found.password) return;
    setStatus({ kind: 'busy' });
    try {
      await requestEmailChange({ new_email: newEmail, password: values.password });
      setValues({ newEmail: '', password: '' });
      setStatus({ kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, 'Could not ask for the change. Please try again.') });
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Change e-mail address
      </h2>
      <p className={styles.sectionLead}>We send a link to the new address; your address changes when you open it, and the old one is told.</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {/* Lets a password manager fill the password of the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="New e-mail address"
          name="new-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={values.newEmail}
          onChange={edit('newEmail')}
          error={errors.newEmail}
          disabled={busy}
        />
        <TextField
          label="Your password"
          name="email-change-password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={edit('password')}
          error={errors.password}
          disabled={busy}
        />
        {status.kind === 'sent' && <Notice kind="success">{RECOVERY_MESSAGES.emailChangeSent}</Notice>}
        {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Sending...' : 'Change e-mail address'}
          </Button>
        </div>
      </form>
    </section>
  );
}
