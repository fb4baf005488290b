import { PASSWORD_MIN_LENGTH } from '@keisha/contracts/identity';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { Notice } from '../../../components/notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { changePassword } from '../api/change-password.ts';
import { hasErrors } from '../domain/profile-form.ts';
import {
  EMPTY_PASSWORDS,
  passwordChangeBody,
  passwordChangeErrorMessage,
  PASSWORD_MESSAGES,
  validatePasswordChange,
  type PasswordErrors,
  type PasswordValues,
} from '../domain/password-form.ts';
import styles from './account-page.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'changed' } | { kind: 'failed'; message: string };

/** Change password: the current one, then the new one twice (spec section 5's rules). */
export function PasswordSection({ email, headingId }: { email: string; headingId: string }) {
  const [values, setValues] = useState<PasswordValues>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';

  const edit = (field: keyof PasswordValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (status.kind !== 'busy') setStatus({ kind: 'idle' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validatePasswordChange(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setStatus({ kind: 'busy' });
    try {
      await changePassword(passwordChangeBody(values));
      setValues(EMPTY_PASSWORDS);
      setStatus({ kind: 'changed' });
    } catch (error) {
      setStatus({ kind: 'failed', message: passwordChangeErrorMessage(error) });
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Change password
      </h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={edit('current')}
          error={errors.current}
          disabled={busy}
        />
        <NewPasswordFields
          password={values.next}
          confirm={values.confirm}
          errors={{ password: errors.next, confirm: errors.confirm }}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          onPassword={edit('next')}
          onConfirm={edit('confirm')}
          disabled={busy}
        />
        {status.kind === 'changed' && <Notice kind="success">{PASSWORD_MESSAGES.changed}</Notice>}
        {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
