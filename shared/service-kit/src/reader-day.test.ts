import { describe, expect, it } from 'vitest';
import { localDayStart } from './calendar.ts';
import { dayIn, readerDayFor, type ReaderDay } from './reader-day.ts';

const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'America/Chicago', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns', 'Asia/Tokyo', 'Pacific/Honolulu', 'Europe/London'];

/** Every day a reader is given over `hours`, asking at each step for the zone `pick` chooses. */
function daysGiven(start: Date, hours: number, stepMinutes: number, pick: (i: number) => string): ReaderDay[] {
  const days: ReaderDay[] = [];
  let stored: ReaderDay | undefined;
  for (let i = 0; i * stepMinutes < hours * 60; i++) {
    const now = new Date(start.getTime() + i * stepMinutes * 60_000);
    const next = readerDayFor(stored, pick(i), now);
    if (!stored || next.day !== stored.day || next.timeZone !== stored.timeZone) days.push(next);
    stored = next;
  }
  return days;
}

describe('localDayStart', () => {
  it('is the midnight the local day began with, across DST changes', () => {
    expect(localDayStart(new Date('2026-11-24T15:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-11-24T06:00:00.000Z');
    // 2026-03-08 in Chicago lasts 23 hours; 2026-11-01 lasts 25.
    expect(localDayStart(new Date('2026-03-08T20:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(localDayStart(new Date('2026-11-01T20:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(localDayStart(new Date('2026-11-24T00:30:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-11-23T18:30:00.000Z');
  });
});

describe('readerDayFor', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('starts a new reader in the zone they ask for', () => {
    expect(readerDayFor(undefined, 'Asia/Tokyo', now)).toEqual({ timeZone: 'Asia/Tokyo', day: '2026-11-24', endsAt: new Date('2026-11-24T15:00:00Z') });
  });

  it('keeps the stored day while it lasts, whatever zone a request names', () => {
    const stored = readerDayFor(undefined, 'UTC', now);
    for (const zone of ZONES) expect(readerDayFor(stored, zone, new Date('2026-11-24T23:59:00Z'))).toBe(stored);
  });

  it('moves to a new zone at a midnight that does not overlap the day counted', () => {
    const utc = readerDayFor(undefined, 'UTC', now);
    // Just after UTC midnight, Chicago's 24 November began long before: the UTC zone stays.
    expect(readerDayFor(utc, 'America/Chicago', new Date('2026-11-25T00:01:00Z'))).toMatchObject({ timeZone: 'UTC', day: '2026-11-25' });
    // Tokyo's 25 November began at 15:00 UTC on the 24th, inside the counted day: UTC stays too.
    expect(readerDayFor(utc, 'Asia/Tokyo', new Date('2026-11-25T00:01:00Z'))).toMatchObject({ timeZone: 'UTC', day: '2026-11-25' });
    const chicagoLater = readerDayFor(readerDayFor(utc, 'UTC', new Date('2026-11-25T00:01:00Z')), 'America/Chicago', new Date('2026-11-26T06:30:00Z'));
    expect(chicagoLater).toMatchObject({ timeZone: 'America/Chicago', day: '2026-11-26' });
  });

  it('gives any sequence of zones no more days than a steady reader: never two days at once, each a whole local day', () => {
    const start = new Date('2026-11-20T00:00:00Z');
    const pickers: Array<(i: number) => string> = [
      (i) => ZONES[i % ZONES.length]!,
      (i) => (i % 2 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'),
      (i) => ZONES[(i * 7 + 3) % ZONES.length]!,
      (i) => ZONES[Math.floor(i / 13) % ZONES.length]!,
    ];
    for (const pick of pickers) {
      const days = daysGiven(start, 10 * 24, 7, pick);
      // Ten days of requests every 7 minutes: a steady reader has 10 or 11 days in that span.
      expect(days.length).toBeLessThanOrEqual(11);
      for (let i = 1; i < days.length; i++) {
        const previous = days[i - 1]!;
        const next = days[i]!;
        const nextStart = localDayStart(new Date(next.endsAt.getTime() - 3600_000), next.timeZone);
        expect(nextStart.getTime()).toBeGreaterThanOrEqual(previous.endsAt.getTime()); // no overlap
        expect(next.endsAt.getTime() - nextStart.getTime()).toBeGreaterThanOrEqual(23 * 3600_000); // a whole day
        expect(next.day > previous.day).toBe(true); // counter keys never repeat
      }
    }
  });

  it('reads the current day of a zone', () => {
    expect(dayIn('Pacific/Kiritimati', now)).toMatchObject({ day: '2026-11-25' });
    expect(dayIn('Pacific/Pago_Pago', now)).toMatchObject({ day: '2026-11-24' });
  });
});
