import { describe, expect, it } from 'vitest';
import { mergeUsage, roleLabel, statusLabel, usageSummary, usersFoundLabel } from './user-display.ts';

describe('roleLabel and statusLabel', () => {
  it('reads as words', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('user')).toBe('User');
    expect(statusLabel(false)).toBe('Active');
    expect(statusLabel(true)).toBe('Disabled');
  });
});

describe('usageSummary', () => {
  it("names today's analyses and messages", () => {
    expect(usageSummary({ decoder_today: 2, chat_today: 5 })).toBe('Decoder 2 · Chat 5');
    expect(usageSummary({ decoder_today: 0, chat_today: 0 })).toBe('Decoder 0 · Chat 0');
  });

  it('leaves out what the service did not give', () => {
    expect(usageSummary({ decoder_today: 3, chat_today: null })).toBe('Decoder 3');
  });

  it("shows '—' rather than a made-up number", () => {
    expect(usageSummary(undefined)).toBe('—');
    expect(usageSummary({ decoder_today: null, chat_today: null })).toBe('—');
    expect(usageSummary({ decoder_today: -1, chat_today: Number.NaN })).toBe('—');
  });
});

describe('mergeUsage', () => {
  it("takes analyses from the decoder and messages from the chat service", () => {
    const merged = mergeUsage(['a', 'b', 'c'], { a: { decoder_today: 2, chat_today: null }, b: { decoder_today: 0, chat_today: null } }, { a: { chat_today: 7 }, c: { chat_today: 1 } });
    expect(merged).toEqual({
      a: { decoder_today: 2, chat_today: 7 },
      b: { decoder_today: 0, chat_today: null },
      c: { decoder_today: null, chat_today: 1 },
    });
  });

  it('keeps what one service said when the other failed, and only for the listed accounts', () => {
    expect(mergeUsage(['a'], null, { a: { chat_today: 3 }, z: { chat_today: 9 } })).toEqual({ a: { decoder_today: null, chat_today: 3 } });
    expect(mergeUsage(['a'], { a: { decoder_today: 1, chat_today: 4 } }, null)).toEqual({ a: { decoder_today: 1, chat_today: 4 } });
    expect(mergeUsage(['a'], null, null)).toEqual({});
  });
});

describe('usersFoundLabel', () => {
  it('counts users, and says what was searched', () => {
    expect(usersFoundLabel(57, '')).toBe('57 users');
    expect(usersFoundLabel(1, '')).toBe('1 user');
    expect(usersFoundLabel(1234, '')).toBe('1,234 users');
    expect(usersFoundLabel(0, 'ann')).toBe('0 users match “ann”');
    expect(usersFoundLabel(1, 'ann')).toBe('1 user matches “ann”');
  });
});
