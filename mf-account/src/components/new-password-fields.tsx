import type { FieldBinding } from '../lib/use-field-form.ts';
import { TextField } from './text-field.tsx';

export interface NewPasswordFieldsProps {
  /** The new password's field, from the form's useFieldForm. */
  password: FieldBinding;
  /** Its confirmation's field. */
  confirm: FieldBinding;
  /** What a good new password is, under its field. */
  hint: string;
}

/** A new password and its confirmation: the account page's change form and the reset link's page. */
export function NewPasswordFields({ password, confirm, hint }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField label="New password" name="new-password" type="password" autoComplete="new-password" hint={hint} {...password} />
      <TextField label="Confirm new password" name="confirm-password" type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
