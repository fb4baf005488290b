import { describe, expect, it } from 'vitest';
import { isTimeZone, localDay, nextLocalMidnight } from '@keisha/service-kit';
import { dailyMessageLimit, usageView, usesToGiveBack } from './limits.ts';

describe('dailyMessageLimit', () => {
  it.each([
    ['Free', 10],
    ['Starter', null],
    ['Pro', null],
    ['Gold', null],
    ['Platinum', 0],
    ['free', 0],
  ])('%s -> %s', (tier, limit) => expect(dailyMessageLimit(tier)).toBe(limit));
});

describe('usageView', () => {
  const resets = new Date('2026-11-22T06:00:00Z');
  it('shows "Messages today: n / 10" for Free and no limit for the paid plans', () => {
    expect(usageView('Free', 3, resets, 'America/Chicago')).toEqual({
      plan: 'Free',
      messages_today: 3,
      daily_limit: 10,
      remaining: 7,
      unlimited: false,
      limit_reached: false,
      resets_at: '2026-11-22T06:00:00.000Z',
      time_zone: 'America/Chicago',
    });
    expect(usageView('Free', 10, resets, 'UTC')).toMatchObject({ remaining: 0, limit_reached: true });
    expect(usageView('Free', 12, resets, 'UTC')).toMatchObject({ remaining: 0, limit_reached: true });
    expect(usageView('Gold', 500, resets, 'UTC')).toMatchObject({ daily_limit: null, remaining: null, unlimited: true, limit_reached: false });
  });
});

describe('the person’s day', () => {
  it('follows the time zone and resets at local midnight, across daylight saving', () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(localDay(instant, 'America/Chicago')).toBe('2026-11-20');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-11-21');
    expect(nextLocalMidnight(instant, 'America/Chicago').toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(nextLocalMidnight(new Date('2026-03-08T12:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('usesToGiveBack', () => {
  it('gives back one message per failed answer, grouped by account and day, in (account, day) order', () => {
    const a = '0b0e6b4c-0000-4000-8000-000000000001';
    const b = '0b0e6b4c-0000-4000-8000-000000000002';
    expect(
      usesToGiveBack([
        { userId: b, day: '2026-11-27' },
        { userId: a, day: '2026-11-27' },
        { userId: a, day: '2026-11-26' },
        { userId: b, day: '2026-11-27' },
        { userId: a, day: null },
      ]),
    ).toEqual([
      { userId: a, day: '2026-11-26', uses: 1 },
      { userId: a, day: '2026-11-27', uses: 1 },
      { userId: b, day: '2026-11-27', uses: 2 },
    ]);
    expect(usesToGiveBack([])).toEqual([]);
  });
});
