import { AUTH_ERRORS, AUTH_MESSAGES, NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@keisha/contracts/identity';
import { asApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';

export interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
}
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Enter your current password',
  sameAsCurrent: 'Choose a new password that differs from your current one',
  currentWrong: 'Your current password is incorrect.',
  failed: 'Could not change your password. Please try again.',
  changed: 'Password changed.',
} as const;

export const EMPTY_PASSWORDS: PasswordValues = { current: '', next: '', confirm: '' };

/** Spec section 5's password rules for the new password, and a confirmation that matches it. */
export function validatePasswordChange({ current, next, confirm }: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (current === '') errors.current = PASSWORD_MESSAGES.currentRequired;
  if (next === '') errors.next = AUTH_MESSAGES.passwordRequired;
  else if (next.length < PASSWORD_MIN_LENGTH) errors.next = AUTH_MESSAGES.passwordTooShort;
  else if (next.length > PASSWORD_MAX_LENGTH) errors.next = AUTH_MESSAGES.passwordTooLong;
  else if (next.length < NEW_PASSWORD_MIN_LENGTH) errors.next = AUTH_MESSAGES.newPasswordTooShort;
  else if (current !== '' && next === current) errors.next = PASSWORD_MESSAGES.sameAsCurrent;
  if (confirm === '') errors.confirm = AUTH_MESSAGES.confirmRequired;
  else if (next !== '' && confirm !== next) errors.confirm = AUTH_MESSAGES.passwordsDiffer;
  return errors;
}

/** The body of AUTH_PATHS.changePassword: both passwords exactly as typed. */
export function passwordChangeBody({ current, next }: PasswordValues): { current_password: string; new_password: string } {
  return { current_password: current, new_password: next };
}

/**
 * A wrong current password is the current-password field's error, and a new password the policy refuses (common,
 * too guessable; identity's message says why) the new-password field's; other refusals are the form's.
 */
export function passwordChangeErrorField(error: unknown): keyof PasswordValues | undefined {
  const code = asApiError(error)?.code;
  if (code === AUTH_ERRORS.invalidCredentials) return 'current';
  if (code === AUTH_ERRORS.weakPassword) return 'next';
  return undefined;
}

/** A wrong current password is named as such; any other refusal shows the server's message. */
export function passwordChangeErrorMessage(error: unknown): string {
  if (asApiError(error)?.code === AUTH_ERRORS.invalidCredentials) return PASSWORD_MESSAGES.currentWrong;
  return errorMessage(error, PASSWORD_MESSAGES.failed);
}
