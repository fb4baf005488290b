// What a new password must be (OWASP ASVS 5.0 V6.2): at least 8 characters, at most 256, not a common or
// breached password, and hard to guess by a strength estimate (zxcvbn-ts, its dictionaries shipped inside the
// package: nothing is fetched at run time). No composition rules: any characters, spaces included.
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { AUTH_MESSAGES, NEW_PASSWORD_MIN_LENGTH } from '@keisha/contracts/identity';

/** The forms state the same rule (NEW_PASSWORD_HINT) and check the length before sending. */
export const PASSWORD_POLICY_MIN_LENGTH = NEW_PASSWORD_MIN_LENGTH;
export const PASSWORD_POLICY_MAX_LENGTH = 256;
/** zxcvbn's score 3: "safely unguessable", about 10^8 guesses or more (an online attack is hopeless). */
export const PASSWORD_MIN_SCORE = 3;
/** zxcvbn's cost grows with length; past this it scores the first characters (the rest only adds strength). */
const SCORED_PREFIX = 100;

/** Words that make a password easy to guess for anyone who knows where it is used. */
export const PRODUCT_WORDS = ['keisha', 'decoder', 'bias', 'news'] as const;

export const PASSWORD_POLICY_MESSAGES = {
  tooShort: AUTH_MESSAGES.newPasswordTooShort,
  tooLong: `Password must be at most ${PASSWORD_POLICY_MAX_LENGTH} characters long.`,
  containsEmail: 'This password contains your email address.',
  tooCommon: 'This password is too common.',
  tooGuessable: 'This password is too easy to guess.',
  suggestion: 'Add another word or two: a few unusual words are strong and easy to remember.',
} as const;

export type PasswordVerdict = { ok: true; score: number } | { ok: false; reason: string; score?: number };

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** The parts of an address that say who someone is: the whole, the local part and its words. */
function emailInputs(email: string | undefined): string[] {
  if (!email) return [];
  const local = email.split('@')[0] ?? '';
  return [email, local, ...local.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3)];
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function reasonFrom(result: ZxcvbnResult): string {
  const common = result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords');
  const warning = sentence(result.feedback.warning ?? '');
  const head = warning !== '' ? warning : common ? PASSWORD_POLICY_MESSAGES.tooCommon : PASSWORD_POLICY_MESSAGES.tooGuessable;
  const suggestion = result.feedback.suggestions.map(sentence).find((text) => text !== '') ?? PASSWORD_POLICY_MESSAGES.suggestion;
  return `${head} ${suggestion}`;
}

/**
 * Whether `password` may be set for the account `email` (undefined when there is none yet). The reason,
 * when refused, is a sentence or two to show as is: why, and what to do instead.
 */
export function checkNewPassword(password: string, email?: string): PasswordVerdict {
  const length = [...password].length;
  if (length < PASSWORD_POLICY_MIN_LENGTH) return { ok: false, reason: PASSWORD_POLICY_MESSAGES.tooShort };
  if (length > PASSWORD_POLICY_MAX_LENGTH) return { ok: false, reason: PASSWORD_POLICY_MESSAGES.tooLong };
  const folded = password.normalize('NFKC').toLowerCase();
  if (email && folded.includes(email.normalize('NFKC').toLowerCase())) {
    return { ok: false, reason: `${PASSWORD_POLICY_MESSAGES.containsEmail} ${PASSWORD_POLICY_MESSAGES.suggestion}` };
  }
  const result = zxcvbn.check(password.slice(0, SCORED_PREFIX), [...PRODUCT_WORDS, ...emailInputs(email)]);
  if (result.score < PASSWORD_MIN_SCORE) return { ok: false, reason: reasonFrom(result), score: result.score };
  return { ok: true, score: result.score };
}
