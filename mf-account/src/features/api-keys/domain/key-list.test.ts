import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '@keisha/contracts/decoder';
import { API_KEY_MESSAGES, keyNameError, orderedKeys, usageLabel } from './key-list.ts';

const key = (id: string, created_at: string, revoked_at: string | null = null): ApiKeyView => ({
  id,
  name: id,
  prefix: 'kei_live_abcd',
  created_at,
  last_used_at: null,
  revoked_at,
  used_today: 0,
});

describe('API key list', () => {
  it('asks for a name of at most 60 characters', () => {
    expect(keyNameError('  ')).toBe(API_KEY_MESSAGES.nameRequired);
    expect(keyNameError('x'.repeat(61))).toBe(API_KEY_MESSAGES.nameTooLong);
    expect(keyNameError(' Newsroom ')).toBeUndefined();
  });

  it('lists active keys first, newest first, then revoked ones', () => {
    const keys = [key('old', '2026-01-01T00:00:00Z'), key('gone', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'), key('new', '2026-02-01T00:00:00Z')];
    expect(orderedKeys(keys).map((k) => k.id)).toEqual(['new', 'old', 'gone']);
  });

  it('says the day’s usage against the limit', () => {
    expect(usageLabel(1234, 10000)).toBe('1,234 of 10,000 articles today');
  });
});
