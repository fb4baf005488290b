import { isDeliverableEmailShape } from '@keisha/contracts';
import { AUTH_MESSAGES, NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@keisha/contracts/identity';

/** The two faces of the decoder's account dialog. */
export type AuthMode = 'sign-in' | 'create-account';

export interface CredentialValues {
  email: string;
  password: string;
  /** Read in create-account mode only. */
  confirmPassword: string;
}

export type CredentialField = keyof CredentialValues;

/** The message under each field that needs fixing; a field that is fine has no entry. */
export type CredentialErrors = Partial<Record<CredentialField, string>>;

/** The fields in the order they appear, so the first one in trouble can take the focus. */
export const CREDENTIAL_FIELDS: readonly CredentialField[] = ['email', 'password', 'confirmPassword'];

export const EMPTY_CREDENTIALS: CredentialValues = { email: '', password: '', confirmPassword: '' };

function emailError(email: string): string | undefined {
  const address = email.trim();
  if (address === '') return AUTH_MESSAGES.emailRequired;
  if (!isDeliverableEmailShape(address)) return AUTH_MESSAGES.emailInvalid;
  return undefined;
}

// A password is taken exactly as typed: spaces are characters like any other. A new account's password must
// also be as long as identity's policy asks (the form's hint says so), checked here before the round trip.
function passwordError(password: string, mode: AuthMode): string | undefined {
  if (password === '') return AUTH_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  if (mode === 'create-account' && password.length < NEW_PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.newPasswordTooShort;
  return undefined;
}

function confirmationError(password: string, confirmPassword: string): string | undefined {
  if (confirmPassword === '') return AUTH_MESSAGES.confirmRequired;
  if (confirmPassword !== password) return AUTH_MESSAGES.passwordsDiffer;
  return undefined;
}

/** Spec section 5 ("Decoder sign-in and sign-up"): every problem at once, one message per field. */
export function validateCredentials(mode: AuthMode, values: CredentialValues): CredentialErrors {
  const errors: CredentialErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = passwordError(values.password, mode);
  if (password) errors.password = password;
  if (mode === 'create-account') {
    const confirmation = confirmationError(values.password, values.confirmPassword);
    if (confirmation) errors.confirmPassword = confirmation;
  }
  return errors;
}

export function firstInvalidField(errors: CredentialErrors): CredentialField | undefined {
  return CREDENTIAL_FIELDS.find((field) => errors[field] !== undefined);
}

/** Editing a field takes its message away; the others stay until they are edited or checked again. */
export function clearFieldError(errors: CredentialErrors, field: CredentialField): CredentialErrors {
  if (errors[field] === undefined) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** What is sent: the address without stray spaces, the password exactly as typed. */
export function credentialsBody(values: CredentialValues): { email: string; password: string } {
  return { email: values.email.trim(), password: values.password };
}
