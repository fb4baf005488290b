import { AUTH_MESSAGES, RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { FieldForm } from '../../../components/field-form.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import { requestEmailChange } from '../api/request-email-change.ts';
import { AccountSection } from './account-section.tsx';
import styles from './account-page.module.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY = { newEmail: '', password: '' };

/** Change the e-mail address: confirmed by a link sent to the new one; the old one is told when it changes. */
export function EmailSection({ email, headingId }: { email: string; headingId: string }) {
  const form = useFieldForm(EMPTY);
  const submit = form.submit({
    validate: (values) => {
      const newEmail = values.newEmail.trim();
      return {
        newEmail: newEmail === '' ? AUTH_MESSAGES.emailRequired : EMAIL_PATTERN.test(newEmail) ? undefined : AUTH_MESSAGES.emailInvalid,
        password: values.password === '' ? AUTH_MESSAGES.passwordRequired : undefined,
      };
    },
    send: async (values) => {
      await requestEmailChange({ new_email: values.newEmail.trim(), password: values.password });
      return EMPTY;
    },
    failure: (error) => errorMessage(error, 'Could not ask for the change. Please try again.'),
  });

  return (
    <AccountSection
      headingId={headingId}
      title="Change e-mail address"
      lead="We send a link to the new address; your address changes when you open it, and the old one is told."
    >
      <FieldForm
        status={form.status}
        onSubmit={submit}
        done={RECOVERY_MESSAGES.emailChangeSent}
        submitLabel="Change e-mail address"
        busyLabel="Sending..."
        classes={styles}
      >
        {/* Lets a password manager fill the password of the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="New e-mail address"
          name="new-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          {...form.field('newEmail')}
        />
        <TextField label="Your password" name="email-change-password" type="password" autoComplete="current-password" {...form.field('password')} />
      </FieldForm>
    </AccountSection>
  );
}
