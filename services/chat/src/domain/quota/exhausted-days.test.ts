import { describe, expect, it } from 'vitest';
import { exhaustedDays } from './exhausted-days.ts';

const ana = { userId: 'ana', day: '2026-11-27' };

describe('exhaustedDays', () => {
  it('remembers a day that a message used up, or that refused a message', () => {
    const days = exhaustedDays();
    days.note({ ...ana, limit: 3 }, 2);
    expect(days.has(ana)).toBe(false);
    days.note({ ...ana, limit: 3 }, 3);
    expect(days.has(ana)).toBe(true);
    expect(days.has({ ...ana, day: '2026-11-28' })).toBe(false); // a new day starts with room
    const refused = exhaustedDays();
    refused.note({ ...ana, limit: 3 }, undefined);
    expect(refused.has(ana)).toBe(true);
  });

  it('forgets it when a message is given back, counted with room, or the plan has no limit', () => {
    const days = exhaustedDays();
    days.note({ ...ana, limit: 3 }, 3);
    days.forget(ana);
    expect(days.has(ana)).toBe(false);
    days.note({ ...ana, limit: 3 }, 3);
    days.note({ ...ana, limit: 10 }, 4); // upgraded meanwhile
    expect(days.has(ana)).toBe(false);
    days.note({ ...ana, limit: 3 }, undefined);
    days.note({ ...ana, limit: null }, undefined);
    expect(days.has(ana)).toBe(false);
  });

  it('holds at most its capacity, forgetting the oldest first', () => {
    const days = exhaustedDays(2);
    for (const userId of ['a', 'b', 'c']) days.note({ userId, day: ana.day, limit: 1 }, 1);
    expect(days.size).toBe(2);
    expect(days.has({ userId: 'a', day: ana.day })).toBe(false);
    expect(days.has({ userId: 'c', day: ana.day })).toBe(true);
  });
});
