// The unsubscribe link's token: the account id and an HMAC of it, so the link works without signing in,
// cannot be made for another account, and needs nothing stored. The key is derived from identity's signing
// key (kept in its database, the same on every replica) unless NEWSLETTER_LINK_SECRET names one.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeTokens {
  tokenFor(userId: string): string;
  /** The account id the token was made for, or null when it is not one of ours. */
  userOf(token: string): string | null;
}

export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, 'keisha', 'newsletter-unsubscribe', 32));
  const sign = (userId: string) => createHmac('sha256', key).update(`newsletter-unsubscribe:${userId}`).digest();
  return {
    tokenFor(userId) {
      const id = Buffer.from(userId.replace(/-/g, ''), 'hex').toString('base64url');
      return `${id}.${sign(userId).toString('base64url')}`;
    },
    userOf(token) {
      const [id, signature] = token.split('.');
      if (!id || !signature) return null;
      const hex = Buffer.from(id, 'base64url').toString('hex');
      if (hex.length !== 32) return null;
      const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
