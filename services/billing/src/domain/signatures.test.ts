import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { checkCoinbaseSignature, checkSandboxSignature, sameDigest, signSandboxPayload } from './signatures.ts';

const raw = Buffer.from('{"event":{"id":"e1","type":"charge:confirmed"}}');
const secret = 'whsec-test';
const coinbaseSig = createHmac('sha256', secret).update(raw).digest('hex');

describe('Coinbase signature (hex HMAC-SHA256 of the raw body)', () => {
  it('accepts the right signature, in either case', () => {
    expect(checkCoinbaseSignature(raw, coinbaseSig, secret)).toBe('ok');
    expect(checkCoinbaseSignature(raw, coinbaseSig.toUpperCase(), secret)).toBe('ok');
  });

  it('refuses a missing, malformed or forged one', () => {
    expect(checkCoinbaseSignature(raw, undefined, secret)).toBe('missing');
    expect(checkCoinbaseSignature(raw, 'abc', secret)).toBe('malformed');
    expect(checkCoinbaseSignature(raw, coinbaseSig, 'another-secret')).toBe('mismatch');
  });

  it('refuses the signature of another body: a single changed byte, or the same JSON re-serialised', () => {
    expect(checkCoinbaseSignature(Buffer.from(raw.toString().replace('e1', 'e2')), coinbaseSig, secret)).toBe('mismatch');
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 2));
    expect(checkCoinbaseSignature(reformatted, coinbaseSig, secret)).toBe('mismatch');
  });
});

describe('sandbox signature (timestamped HMAC)', () => {
  const now = 1_800_000_000;
  it('round-trips', () => {
    expect(checkSandboxSignature(raw, signSandboxPayload(raw, secret, now), secret, now + 10)).toBe('ok');
  });

  it('refuses a stale one, a forged one and malformed headers', () => {
    const header = signSandboxPayload(raw, secret, now);
    expect(checkSandboxSignature(raw, header, secret, now + 301)).toBe('stale');
    expect(checkSandboxSignature(raw, header, secret, now - 301)).toBe('stale');
    expect(checkSandboxSignature(raw, signSandboxPayload(raw, 'guess', now), secret, now)).toBe('mismatch');
    expect(checkSandboxSignature(raw, header.replace(/t=\d+/, `t=${now + 60}`), secret, now)).toBe('mismatch');
    expect(checkSandboxSignature(raw, undefined, secret, now)).toBe('missing');
    for (const bad of ['', 't=,v1=', 'v1=zz', `t=${now}`, 'garbage']) {
      expect(checkSandboxSignature(raw, bad, secret, now)).toMatch(/missing|malformed/);
    }
  });

  it('compares digests in constant time and only digests', () => {
    expect(sameDigest(coinbaseSig, coinbaseSig)).toBe(true);
    expect(sameDigest(coinbaseSig, 'not-hex')).toBe(false);
  });
});
