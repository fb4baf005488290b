import { AUTH_MESSAGES, NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, UNLOCK_NEXT_PAGES, type UnlockNextPage } from '@keisha/contracts/identity';

/** A link's token as our messages write it (43 base64url characters), or null for anything else. */
export function linkTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** Where a sign-in link takes its reader: the page that asked for it, when it is one we know; else home. */
export function unlockNextFrom(search: string): UnlockNextPage {
  const next = new URLSearchParams(search).get('next');
  return (UNLOCK_NEXT_PAGES as readonly string[]).includes(next ?? '') ? (next as UnlockNextPage) : '/';
}

export const LINK_PAGE_MESSAGES = {
  noToken: 'This link is incomplete. Please open the whole link from the message we sent you, or ask for a new one.',
  failed: 'Something went wrong. Please try again.',
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
} as const;

export interface NewPasswordValues {
  password: string;
  confirm: string;
}
export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/** Presence and a matching confirmation; how strong it is, the server says (with its reason). */
export function validateNewPassword({ password, confirm }: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password === '') errors.password = AUTH_MESSAGES.passwordRequired;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = AUTH_MESSAGES.passwordTooLong;
  else if (password.length < NEW_PASSWORD_MIN_LENGTH) errors.password = AUTH_MESSAGES.newPasswordTooShort;
  if (confirm === '') errors.confirm = AUTH_MESSAGES.confirmRequired;
  else if (password !== '' && confirm !== password) errors.confirm = AUTH_MESSAGES.passwordsDiffer;
  return errors;
}

/** The address as typed, or the reason it cannot be sent. */
export function validateEmail(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return AUTH_MESSAGES.emailRequired;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return AUTH_MESSAGES.emailInvalid;
  return undefined;
}
