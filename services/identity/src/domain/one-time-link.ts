// One-time links (password reset, e-mail change, sign-in/unlock): a random token goes into the mailed
// link, only its SHA-256 is stored, and a link opens once, before it expires, for the address it was made for.
import { createHash, randomBytes } from 'node:crypto';

export interface LinkToken {
  /** Goes into the link, never into the database. */
  token: string;
  hash: string;
}

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newLinkToken(): LinkToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** What a link's token looks like (43 base64url characters): anything else is refused before a lookup. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type LinkVerdict = 'ok' | 'invalid' | 'used' | 'expired';

/**
 * Whether a stored link may be used now by the account as it is: `currentEmail` is the account's address
 * today (undefined when the account is gone); a link made for an address since changed opens nothing.
 */
export function judgeLink(
  link: { email: string; used_at: Date | null; expires_at: Date } | undefined,
  currentEmail: string | undefined,
  now: Date,
): LinkVerdict {
  if (!link) return 'invalid';
  // A used link says so, even after it changed the address it was made for (an e-mail change).
  if (link.used_at) return 'used';
  if (currentEmail === undefined || currentEmail !== link.email) return 'invalid';
  if (link.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'ok';
}

/** Seconds until a counting window that began at `startedAt` ends (at least 1). */
export function secondsLeftInWindow(startedAt: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((startedAt.getTime() + windowMs - now.getTime()) / 1000));
}

/**
 * The outbox key of the notice that an account is being attacked: one per account per window of failed
 * sign-ins, however many attempts fail in it.
 */
export const attackNoticeKey = (userId: string, windowStartedAt: Date): string => `account-attacked:${userId}:${windowStartedAt.toISOString()}`;
