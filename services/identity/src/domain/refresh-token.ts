// The refresh token is `<id>.<secret>`: the id finds the row, the secret is checked against its hash.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export interface IssuedRefreshToken {
  id: string;
  secret: string;
  hash: string;
  cookieValue: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newRefreshToken(): IssuedRefreshToken {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, hash: hashSecret(secret), cookieValue: `${id}.${secret}` };
}

const COOKIE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export function parseRefreshCookie(value: string | undefined): { id: string; secret: string } | undefined {
  const match = value ? COOKIE.exec(value) : null;
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

export type RefreshVerdict =
  | { ok: true }
  | { ok: false; reason: 'unknown' | 'mismatch' | 'revoked' | 'expired' | 'reused' };

/** What to do with a presented refresh token, from its row (pure: `now` is given). */
export function judgeRefreshToken(
  row: { token_hash: string; used_at: Date | null; revoked_at: Date | null; expires_at: Date } | undefined,
  secret: string,
  now: Date,
): RefreshVerdict {
  if (!row) return { ok: false, reason: 'unknown' };
  if (!secretMatches(secret, row.token_hash)) return { ok: false, reason: 'mismatch' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  // A token that was already exchanged is being replayed: whoever holds it is not the owner.
  if (row.used_at) return { ok: false, reason: 'reused' };
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true };
}
