// Webhook signatures, always over the raw body as received (re-serialised JSON would not match).
// Coinbase Commerce: X-CC-Webhook-Signature = hex HMAC-SHA256(raw body, shared secret).
// The sandbox: `t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<raw body>", install secret)>`, so a
// captured delivery cannot be replayed after the tolerance.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export function hmacSha256Hex(secret: string, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two hex digests (false for anything that is not one). */
export function sameDigest(expectedHex: string, givenHex: string): boolean {
  if (!HEX_SHA256.test(givenHex) || !HEX_SHA256.test(expectedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

export function checkCoinbaseSignature(raw: Buffer, header: string | undefined, secret: string): SignatureCheck {
  if (!header) return 'missing';
  const given = header.trim();
  if (!HEX_SHA256.test(given)) return 'malformed';
  return sameDigest(hmacSha256Hex(secret, raw), given) ? 'ok' : 'mismatch';
}

export const SANDBOX_SIGNATURE_TOLERANCE_SECONDS = 300;

export function signSandboxPayload(raw: Buffer | string, secret: string, nowSeconds: number): string {
  const t = Math.floor(nowSeconds);
  return `t=${t},v1=${hmacSha256Hex(secret, Buffer.concat([Buffer.from(`${t}.`), Buffer.from(raw)]))}`;
}

export function checkSandboxSignature(
  raw: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SANDBOX_SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return 'missing';
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index > 0) parts.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1 || !HEX_SHA256.test(v1)) return 'malformed';
  // Check the signature first: an attacker learns nothing about timing from a forged one.
  const expected = hmacSha256Hex(secret, Buffer.concat([Buffer.from(`${t}.`), raw]));
  if (!sameDigest(expected, v1)) return 'mismatch';
  return Math.abs(nowSeconds - Number(t)) > toleranceSeconds ? 'stale' : 'ok';
}
