import { describe, expect, it } from 'vitest';
import { isTimeZone, localDay, nextLocalMidnight } from '@keisha/service-kit';
import { dailyLimit, usageView } from './limits.ts';

describe('dailyLimit', () => {
  it.each([
    ['guest', 3],
    ['free', 3],
    ['monthly', 10],
    ['annual', null],
    ['platinum', 0],
  ])('%s -> %s', (tier, limit) => expect(dailyLimit(tier)).toBe(limit));
});

describe('usageView', () => {
  const resets = new Date('2026-11-22T05:00:00Z');
  it('reports remaining uses and the flags of spec section 4', () => {
    expect(usageView('free', 1, resets)).toMatchObject({ daily_count: 1, limit: 3, remaining: 2, hasReachedLimit: false, shouldPromptUpgrade: false });
    expect(usageView('free', 3, resets)).toMatchObject({ remaining: 0, hasReachedLimit: true, shouldPromptUpgrade: true });
    expect(usageView('guest', 3, resets)).toMatchObject({ hasReachedLimit: true, shouldPromptUpgrade: true });
    expect(usageView('monthly', 9, resets)).toMatchObject({ remaining: 1, hasReachedLimit: false, shouldPromptUpgrade: false });
    expect(usageView('annual', 500, resets)).toMatchObject({ unlimited: true, limit: null, remaining: null, hasReachedLimit: false });
  });
});

describe('the reader’s day', () => {
  it('follows the time zone', () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-11-21');
    expect(localDay(instant, 'America/Chicago')).toBe('2026-11-20');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-11-21');
  });

  it('finds the next local midnight, across a daylight-saving change', () => {
    expect(nextLocalMidnight(new Date('2026-11-21T03:30:00Z'), 'America/Chicago').toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(nextLocalMidnight(new Date('2026-11-21T12:00:00Z'), 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // 2026-03-08 is 23 hours long in Chicago: midnight after is 05:00Z (CDT), not 06:00Z.
    expect(nextLocalMidnight(new Date('2026-03-08T12:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
  });

  it('knows real time zones from made-up ones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('<script>')).toBe(false);
  });
});
