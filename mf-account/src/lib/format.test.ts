import { describe, expect, it } from 'vitest';
import { countLabel, formatDate, formatDateTime, MISSING_VALUE } from './format.ts';

describe('formatDate', () => {
  it('shows a readable date in the given time zone', () => {
    expect(formatDate('2026-03-05T23:30:00.000Z', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 6, 2026');
  });

  it("shows '—' for a missing or broken date", () => {
    expect(formatDate(null)).toBe(MISSING_VALUE);
    expect(formatDate(undefined)).toBe(MISSING_VALUE);
    expect(formatDate('')).toBe(MISSING_VALUE);
    expect(formatDate('not a date')).toBe(MISSING_VALUE);
  });
});

describe('formatDateTime', () => {
  it('adds the time', () => {
    expect(formatDateTime('2026-03-05T14:03:00.000Z', 'UTC')).toBe('Mar 5, 2026, 2:03 PM');
    expect(formatDateTime(null)).toBe(MISSING_VALUE);
  });
});

describe('countLabel', () => {
  it('picks singular or plural and groups thousands', () => {
    expect(countLabel(1, 'person', 'people')).toBe('1 person');
    expect(countLabel(0, 'person', 'people')).toBe('0 people');
    expect(countLabel(1234, 'user', 'users')).toBe('1,234 users');
  });
});
