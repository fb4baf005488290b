// Deleting a reader's account from the console's Users page: which rows offer it, the address typed as the
// confirmation, what the confirmation says, and what a refusal is about. Pure.
import { fieldOfError, normalizeEmailAddress } from '@keisha/contracts';
import type { Role } from '@keisha/contracts/identity';
import { asApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';

export const DELETE_USER_TEXT = {
  button: 'Delete account…',
  body:
    'Their history, conversations, API keys, newsletter subscription and support requests are erased in every service, ' +
    'any plan stops without refund, and they are mailed that an administrator deleted the account. ' +
    'Payment records are kept without name or address.',
  field: 'Type the account’s address to confirm',
  confirm: 'Delete this account',
  busy: 'Deleting…',
  cancel: 'Cancel',
  mismatch: 'Type this account’s address exactly as it is shown.',
} as const;

/**
 * A reader's row offers deletion; an administrator's does not (identity refuses it: the role must be removed
 * first), nor does the signed-in administrator's own row (refused too).
 */
export function canDelete(user: { id: string; role: Role }, currentUserId: string | undefined): boolean {
  return user.role === 'user' && user.id !== currentUserId;
}

/** What the administrator typed, as identity reads an address: trimmed and lower-cased. */
export function typedAddress(typed: string): string {
  return normalizeEmailAddress(typed);
}

/** Whether the typed text is the row's address (case and surrounding spaces aside); nothing typed never is. */
export function addressMatches(typed: string, email: string): boolean {
  const address = typedAddress(typed);
  return address !== '' && address === normalizeEmailAddress(email);
}

/** The confirmation's heading; DELETE_USER_TEXT.body says what goes and what is kept. */
export function deleteQuestion(email: string): string {
  return `Delete ${email} for good?`;
}

/** The status line once identity has deleted the account. */
export function deletedMessage(email: string): string {
  return `${email} was deleted.`;
}

/** Shown when the deletion failed and the server did not say why. */
export function deleteFailedMessage(email: string): string {
  return `Could not delete ${email}. Please try again.`;
}

/** The server's reason (a 409 for an administrator's account, a 404 for one already gone), or a fallback. */
export function deleteErrorMessage(error: unknown, email: string): string {
  return errorMessage(error, deleteFailedMessage(email));
}

/**
 * The typed address's error when identity's refusal names that field (`details.field` is `confirm_email`: a mistyped
 * or malformed address). Every other refusal (one's own account, an administrator's, one already gone) is the
 * confirmation's.
 */
export function deleteErrorField(error: unknown): 'confirm_email' | undefined {
  return fieldOfError(asApiError(error)) === 'confirm_email' ? 'confirm_email' : undefined;
}
