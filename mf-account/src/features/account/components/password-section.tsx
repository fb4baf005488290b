import { NEW_PASSWORD_HINT } from '@keisha/contracts/identity';
import { FieldForm } from '../../../components/field-form.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import { changePassword } from '../api/change-password.ts';
import {
  EMPTY_PASSWORDS,
  passwordChangeBody,
  passwordChangeErrorField,
  passwordChangeErrorMessage,
  PASSWORD_MESSAGES,
  validatePasswordChange,
} from '../domain/password-form.ts';
import { AccountSection } from './account-section.tsx';
import styles from './account-page.module.css';

/** Change password: the current one, then the new one twice (spec section 5's rules). */
export function PasswordSection({ email, headingId }: { email: string; headingId: string }) {
  const form = useFieldForm(EMPTY_PASSWORDS);
  const submit = form.submit({
    validate: validatePasswordChange,
    send: async (values) => {
      await changePassword(passwordChangeBody(values));
      return EMPTY_PASSWORDS;
    },
    failure: passwordChangeErrorMessage,
    fieldOf: passwordChangeErrorField,
  });

  return (
    <AccountSection headingId={headingId} title="Change password">
      <FieldForm status={form.status} invalidAttempts={form.invalidAttempts} onSubmit={submit} done={PASSWORD_MESSAGES.changed} submitLabel="Change password" busyLabel="Changing..." classes={styles}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField label="Current password" name="current-password" type="password" autoComplete="current-password" {...form.field('current')} />
        <NewPasswordFields password={form.field('next')} confirm={form.field('confirm')} hint={NEW_PASSWORD_HINT} />
      </FieldForm>
    </AccountSection>
  );
}
