// API keys: `kei_live_` and 43 base64url characters (32 random bytes). The key is stored as its SHA-256
// only: a key carries 256 bits of randomness, so nobody can guess it from the hash, and a slow hash
// (argon2, as for passwords) would only cost time on every request without adding any protection.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_SCHEME = 'kei_live_';
const KEY_PATTERN = /^kei_live_[A-Za-z0-9_-]{43}$/;
/** `kei_live_` and the first 4 random characters: enough to tell a reader's keys apart in lists and logs. */
const PREFIX_LENGTH = API_KEY_SCHEME.length + 4;

export interface NewApiKey {
  secret: string;
  prefix: string;
  hash: string;
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function prefixOf(secret: string): string {
  return secret.slice(0, PREFIX_LENGTH);
}

export function newApiKey(random: (size: number) => Buffer = randomBytes): NewApiKey {
  const secret = `${API_KEY_SCHEME}${random(32).toString('base64url')}`;
  return { secret, prefix: prefixOf(secret), hash: hashApiKey(secret) };
}

/** The key in an `Authorization: Bearer <key>` header, or undefined when there is none or it is malformed. */
export function keyFromAuthorization(header: string | undefined): string | undefined {
  const match = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header) : null;
  return match && KEY_PATTERN.test(match[1]!) ? match[1] : undefined;
}

/** Whether a stored hash is the given key's (constant time, so a near miss answers as fast as a far one). */
export function hashMatches(storedHex: string, secret: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const given = Buffer.from(hashApiKey(secret), 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** The UTC day a key's articles are counted on. */
export function usageDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
