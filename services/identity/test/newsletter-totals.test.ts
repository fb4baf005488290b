// The console's Newsletter page on both databases: a past day's counts are kept once nothing of it is pending, so a
// visit joins only the last days' deliveries to the outbox; a day still pending, or too recent, stays live. "Send
// again" on one of a kept day's messages forgets the day, and the next visit counts it live again. Also the rule of
// which live counts are kept, alone.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_NEWSLETTER_PATHS, ADMIN_PATHS } from '@keisha/contracts/identity';
import { databaseTargets } from '@keisha/service-kit/testing';
import { newsletterOutboxKey } from '../src/domain/newsletter-key.ts';
import { daysFrom, settledRows, SETTLED_AFTER_DAYS, type DayCounts } from '../src/newsletter/issues.ts';
import { utcDay } from '../src/newsletter/newsletter.ts';
import { ADMIN, bearer, identityAppsForSuite, signIn, signUp } from './helpers.ts';

const targets = await databaseTargets();
const DAY = 24 * 60 * 60 * 1000;
const dayAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY));

describe('which live counts are kept', () => {
  const row = (day: string, kind: DayCounts['kind'], pending: number): DayCounts => ({ day, kind, issue_id: null, subject: 's', recipients: 3, sent: 3 - pending, pending, failed: 0 });
  it('keeps whole days before the cut with nothing pending, one group per kind', () => {
    const kept = settledRows(
      [
        row('2026-11-20', 'automatic', 0),
        row('2026-11-19', 'automatic', 0),
        row('2026-11-19', 'issue', 0),
        row('2026-11-21', 'automatic', 1),
        row('2026-11-27', 'automatic', 0),
        row('2026-11-22', 'issue', 0),
        { ...row('2026-11-22', 'issue', 0), issue_id: randomUUID() },
        row('2026-11-23', 'automatic', 0),
        row('2026-11-23', 'issue', 1),
      ],
      '2026-11-27',
    );
    expect(kept.map((r) => `${r.day} ${r.kind}`)).toEqual(['2026-11-20 automatic', '2026-11-19 automatic', '2026-11-19 issue']);
  });
  it('names every day of a range once', () => {
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysFrom('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe.each(targets)('the Newsletter page’s counts on $kind', (target) => {
  const base = identityAppsForSuite(target);
  const db = () => base.database.db;

  /** A day's newsletter to `readers`, its messages in these states. */
  async function sent(day: string, readers: Array<{ id: string; email: string }>, states: Array<'sent' | 'pending' | 'failed'>) {
    for (const [i, reader] of readers.entries()) {
      const key = newsletterOutboxKey(reader.id, day);
      await db().insertInto('newsletter_deliveries').values({ user_id: reader.id, day, kind: 'automatic', issue_id: null, subject: `Keisha daily ${day}`, outbox_key: key }).execute();
      await db()
        .insertInto('mail_outbox')
        .values({ dedupe_key: key, kind: 'newsletter', recipient: reader.email, subject: `Keisha daily ${day}`, text_body: 'text', html_body: '<p>html</p>', status: states[i]!, bulk: true })
        .execute();
    }
  }

  it('keeps a settled past day’s counts, counts the rest live, and counts a day again after "Send again"', async () => {
    const { app } = await base.start();
    const readers = await Promise.all(['a', 'b', 'c'].map(async (name) => (await signUp(app, `${name}-totals@example.org`)).user));
    const token = (await signIn(app, ADMIN.email, ADMIN.password, '/api/auth/admin/login')).token;
    const overview = async () => {
      const response = await app.inject({ method: 'GET', url: ADMIN_NEWSLETTER_PATHS.overview, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.json().days as Array<{ day: string; recipients: number; sent: number; pending: number; failed: number }>;
    };
    const old = dayAgo(SETTLED_AFTER_DAYS + 3);
    const stillPending = dayAgo(SETTLED_AFTER_DAYS + 1);
    const recent = dayAgo(1);
    await sent(old, readers, ['sent', 'sent', 'failed']);
    await sent(stillPending, readers, ['sent', 'pending', 'sent']);
    await sent(recent, readers, ['sent', 'sent', 'sent']);

    const expected = [
      { day: recent, kind: 'automatic', subject: `Keisha daily ${recent}`, recipients: 3, sent: 3, pending: 0, failed: 0 },
      { day: stillPending, kind: 'automatic', subject: `Keisha daily ${stillPending}`, recipients: 3, sent: 2, pending: 1, failed: 0 },
      { day: old, kind: 'automatic', subject: `Keisha daily ${old}`, recipients: 3, sent: 2, pending: 0, failed: 1 },
    ];
    expect(await overview()).toEqual(expected);
    const kept = async () => (await db().selectFrom('newsletter_day_totals').select(['day', 'sent', 'failed']).orderBy('day').execute());
    expect(await kept()).toEqual([{ day: old, sent: 2, failed: 1 }]);
    expect(await overview()).toEqual(expected); // the kept day reads the same

    // "Send again" on the kept day's failed message: the day is forgotten and counted live, with the message pending.
    const failed = await db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', newsletterOutboxKey(readers[2]!.id, old)).executeTakeFirstOrThrow();
    expect((await app.inject({ method: 'POST', url: ADMIN_PATHS.outboxRetry(failed.id), headers: bearer(token) })).statusCode).toBe(200);
    expect(await kept()).toEqual([]);
    expect((await overview()).find((d) => d.day === old)).toMatchObject({ sent: 2, pending: 1, failed: 0 });
    expect(await kept()).toEqual([]); // pending again: live until it settles
  });
});
