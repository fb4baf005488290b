import { API_KEY_NAME_MAX, type ApiKeyView } from '@keisha/contracts/decoder';

export const API_KEY_MESSAGES = {
  nameRequired: 'Please name the key.',
  nameTooLong: `A key name has at most ${API_KEY_NAME_MAX} characters.`,
  createFailed: 'The key could not be created. Please try again.',
  revokeFailed: 'The key could not be revoked. Please try again.',
  loadFailed: 'Your API keys could not be loaded.',
  shownOnce: 'Copy this key now: it is shown only once. Keisha keeps only a fingerprint of it.',
  notEligible: 'API access comes with the annual plan: decode articles from your own tools with a key.',
} as const;

/** The name's problem, or undefined when it can be sent. */
export function keyNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return API_KEY_MESSAGES.nameRequired;
  if (trimmed.length > API_KEY_NAME_MAX) return API_KEY_MESSAGES.nameTooLong;
  return undefined;
}

/** Active keys first (newest first), then revoked ones. */
export function orderedKeys(keys: ApiKeyView[]): ApiKeyView[] {
  return [...keys].sort((a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null) || b.created_at.localeCompare(a.created_at));
}

/** 'Today: 3 of 10,000 articles'. */
export function usageLabel(used: number, dailyLimit: number): string {
  return `${used.toLocaleString('en-US')} of ${dailyLimit.toLocaleString('en-US')} articles today`;
}
