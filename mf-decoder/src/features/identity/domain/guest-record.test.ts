import { describe, expect, it } from 'vitest';
import { GUEST_DAILY_LIMIT, newGuestRecord, restoreGuestRecord, serializeGuestRecord } from './guest-record.ts';

const today = '2025-03-14';

describe('newGuestRecord', () => {
  it('is a guest with no use yet and the daily limit of 3', () => {
    expect(newGuestRecord(today)).toEqual({ tier: 'guest', daily_usage_count: 0, limit: 3, last_usage_reset: today });
    expect(GUEST_DAILY_LIMIT).toBe(3);
  });
});

describe('restoreGuestRecord', () => {
  const stored = (fields: Record<string, unknown>) => JSON.stringify({ ...newGuestRecord(today), ...fields });

  it("keeps today's count", () => {
    expect(restoreGuestRecord(stored({ daily_usage_count: 2 }), today)).toEqual({ ...newGuestRecord(today), daily_usage_count: 2 });
  });

  it('survives a round trip', () => {
    const record = { ...newGuestRecord(today), daily_usage_count: 1 };
    expect(restoreGuestRecord(serializeGuestRecord(record), today)).toEqual(record);
  });

  it('starts again at 0 on another day', () => {
    expect(restoreGuestRecord(stored({ daily_usage_count: 3, last_usage_reset: '2025-03-13' }), today)).toEqual(
      newGuestRecord(today),
    );
  });

  it.each([null, undefined, '', '{not json', 'null', '42', '"guest"', '[]'])('gives a fresh record for %j', (raw) => {
    expect(restoreGuestRecord(raw, today)).toEqual(newGuestRecord(today));
  });

  it.each([
    ['a negative count', { daily_usage_count: -1 }],
    ['a fractional count', { daily_usage_count: 1.5 }],
    ['a count as text', { daily_usage_count: '2' }],
    ['another tier', { tier: 'annual' }],
    ['no date', { last_usage_reset: undefined }],
  ])('gives a fresh record for %s', (_, fields) => {
    expect(restoreGuestRecord(stored(fields), today)).toEqual(newGuestRecord(today));
  });

  it('never takes the limit from storage', () => {
    expect(restoreGuestRecord(stored({ limit: 1000, daily_usage_count: 1 }), today).limit).toBe(3);
  });
});
