import { TextField } from './text-field.tsx';

export interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  errors: { password?: string | undefined; confirm?: string | undefined };
  /** What a good new password is, under its field. */
  hint: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  disabled: boolean;
}

/** A new password and its confirmation: the account page's change form and the reset link's page. */
export function NewPasswordFields({ password, confirm, errors, hint, onPassword, onConfirm, disabled }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        hint={hint}
        value={password}
        onChange={onPassword}
        error={errors.password}
        disabled={disabled}
      />
      <TextField
        label="Confirm new password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
        error={errors.confirm}
        disabled={disabled}
      />
    </>
  );
}
