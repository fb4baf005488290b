// Deleting an account from /account: the password that confirms it, what a refusal says, and what the page says
// about a paid plan, which ends with the account (billing cancels it so it never renews, and refunds nothing). Pure.
import type { SubscriptionView } from '@keisha/contracts/billing';
import { AUTH_ERRORS, AUTH_MESSAGES } from '@keisha/contracts/identity';
import { asApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { planLine, runningPurchases } from './plan-purchases.ts';

export interface DeleteAccountValues {
  password: string;
}

export const DELETE_ACCOUNT_MESSAGES = {
  passwordWrong: 'Your password is incorrect.',
  failed: 'Could not delete your account. Please try again.',
  planUnknown: 'If you pay for a plan, it ends now with your account: it will not renew, and nothing is refunded for the time left.',
} as const;

export const EMPTY_DELETE_ACCOUNT: DeleteAccountValues = { password: '' };

export function validateDeleteAccount({ password }: DeleteAccountValues): Partial<Record<keyof DeleteAccountValues, string>> {
  return password === '' ? { password: AUTH_MESSAGES.passwordRequired } : {};
}

/** A wrong password is the password field's error; other refusals (an administrator's account, throttling) are the form's. */
export function deleteAccountErrorField(error: unknown): keyof DeleteAccountValues | undefined {
  return asApiError(error)?.code === AUTH_ERRORS.invalidCredentials ? 'password' : undefined;
}

/** A wrong password is named as such; any other refusal shows the server's message, or asks to try again. */
export function deleteAccountErrorMessage(error: unknown): string {
  if (asApiError(error)?.code === AUTH_ERRORS.invalidCredentials) return DELETE_ACCOUNT_MESSAGES.passwordWrong;
  return errorMessage(error, DELETE_ACCOUNT_MESSAGES.failed);
}

/** 'A', 'A and B', 'A, B and C'. */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What deleting the account does to the reader's paid plans: named when billing said which are running, said in
 * general when it could not (`null`), nothing when there is none.
 */
export function planEndingWarning(purchases: readonly SubscriptionView[] | null): string | null {
  if (purchases === null) return DELETE_ACCOUNT_MESSAGES.planUnknown;
  const names = [...new Set(runningPurchases(purchases).map((purchase) => planLine(purchase).name))];
  if (names.length === 0) return null;
  const one = names.length === 1;
  return `Your ${listOf(names)} ${one ? 'plan ends' : 'plans end'} now with your account: ${one ? 'it' : 'they'} will not renew, and nothing is refunded for the time left.`;
}
