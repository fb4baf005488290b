import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { internalTokenFileFor, internalTokenMatches, loadInternalToken } from './internal-token.ts';

describe('internal token', () => {
  it('lives beside the services’ data folders', () => {
    expect(internalTokenFileFor('/srv/keisha/.data/billing')).toBe('/srv/keisha/.data/internal-api-token');
  });

  it('prefers the configured token, otherwise makes one file that every service then reads', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-internal-token-'));
    const file = path.join(dir, 'internal-api-token');
    expect(loadInternalToken('c'.repeat(40), file)).toBe('c'.repeat(40));
    const first = loadInternalToken(undefined, file);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadInternalToken(undefined, file)).toBe(first);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('refuses a file that holds no real token', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'keisha-internal-token-')), 'internal-api-token');
    writeFileSync(file, 'short');
    expect(() => loadInternalToken(undefined, file)).toThrow(/at least 32 characters/);
  });

  it('matches only the exact token', () => {
    const token = 't'.repeat(43);
    expect(internalTokenMatches(token, token)).toBe(true);
    for (const given of [undefined, '', 't'.repeat(42), `${token}x`, ['x'], 'T'.repeat(43)]) expect(internalTokenMatches(token, given)).toBe(false);
  });
});
