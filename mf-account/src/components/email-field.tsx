import { TextField, type TextFieldProps } from './text-field.tsx';

/** The e-mail address of an account, filled in by a password manager as the username. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode' | 'spellCheck'>) {
  return <TextField label="Email" type="email" name="email" autoComplete="username" inputMode="email" spellCheck={false} {...props} />;
}
