// Issues written by administrators, and what went out day by day (for the admin console).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { NewsletterDay, NewsletterIssue, NewsletterFormat } from '@keisha/contracts/identity';
import { AppError } from '@keisha/service-kit';
import type { IdentityDatabase, NewsletterDayTotalsTable, NewsletterIssueRow } from '../db/database.ts';
import { utcDay } from './newsletter.ts';

export interface IssueInput {
  day: string;
  subject: string;
  body: string;
  format: NewsletterFormat;
}

const EMPTY_COUNTS = { recipients: 0, sent: 0, pending: 0, failed: 0 };

/**
 * Days after which a day's counts are kept once nothing of it is pending: a message is given up on after its retries
 * (about two hours, MAIL_RETRY_*), so only "Send again" changes an older day, and it forgets the day's kept counts.
 */
export const SETTLED_AFTER_DAYS = 2;

/** One day's counts for one kind, live or kept: a row of newsletter_day_totals without its date of keeping. */
export type DayCounts = Omit<Selectable<NewsletterDayTotalsTable>, 'settled_at'>;

/** Every UTC day from `first` to `last`, both included, as YYYY-MM-DD. */
export function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * The live counts that may be kept: whole days before `settledBefore` with nothing pending. A day is kept whole or
 * not at all, so a visit counts live exactly the days not kept; and only with one group per kind, the table's key (a
 * day has one issue at most).
 */
export function settledRows(live: readonly DayCounts[], settledBefore: string): DayCounts[] {
  const byDay = new Map<string, DayCounts[]>();
  for (const row of live) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  return [...byDay.entries()]
    .filter(([day, rows]) => day < settledBefore && rows.every((row) => Number(row.pending) === 0) && new Set(rows.map((row) => row.kind)).size === rows.length)
    .flatMap(([, rows]) => rows)
    .map((row) => ({ ...row, recipients: Number(row.recipients), sent: Number(row.sent), pending: 0, failed: Number(row.failed) }));
}

export function newsletterIssues(db: Kysely<IdentityDatabase>) {
  /**
   * Deliveries per (day, kind, issue) with their messages' states, since `since`: the kept counts of settled days,
   * and the other days counted live from their deliveries joined to the outbox. A day counted live that is before
   * `settledBefore` and has nothing pending is kept, so the join reads only the last days on the next visit.
   */
  async function deliveryCounts(since: string, settledBefore: string): Promise<DayCounts[]> {
    const kept = await db
      .selectFrom('newsletter_day_totals')
      .select(['day', 'kind', 'issue_id', 'subject', 'recipients', 'sent', 'pending', 'failed'])
      .where('day', '>=', since)
      .execute();
    // Counted live: the last days, and any earlier day not kept that has deliveries (a day still pending, or every
    // day on the first visit). Named one by one, so the day index reads only their deliveries, and their messages are
    // looked for only among the outbox's rows since the first of them (a message is queued with its delivery, on its
    // day or later): the join read the whole outbox otherwise (300 ms for three days at 10,000 readers).
    const keptDays = new Set(kept.map((row) => row.day));
    const unkept = daysFrom(since, utcDay(new Date())).filter((day) => !keptDays.has(day));
    const earlier = unkept.filter((day) => day < settledBefore);
    const earlierSent =
      earlier.length === 0
        ? []
        : (await db.selectFrom('newsletter_deliveries').select('day').distinct().where('day', 'in', earlier).execute()).map((row) => row.day);
    const liveDays = [...earlierSent, ...unkept.filter((day) => day >= settledBefore)].sort();
    if (liveDays.length === 0) return kept;
    const queuedFrom = new Date(Date.parse(`${liveDays[0]}T00:00:00Z`) - 86_400_000);
    const live = await db
      .selectFrom('newsletter_deliveries as d')
      .leftJoin('mail_outbox as m', (join) => join.onRef('m.dedupe_key', '=', 'd.outbox_key').on('m.created_at', '>=', queuedFrom))
      .select([
        'd.day',
        'd.kind',
        'd.issue_id',
        sql<string>`max(d.subject)`.as('subject'),
        sql<number>`count(*)::int`.as('recipients'),
        sql<number>`(count(*) filter (where m.status = 'sent'))::int`.as('sent'),
        sql<number>`(count(*) filter (where m.status = 'pending'))::int`.as('pending'),
        sql<number>`(count(*) filter (where m.status = 'failed'))::int`.as('failed'),
      ])
      .where('d.day', 'in', liveDays)
      .groupBy(['d.day', 'd.kind', 'd.issue_id'])
      .execute();
    const settled = settledRows(live, settledBefore);
    if (settled.length > 0) {
      // Two visits at once keep the same counts once; a day changed meanwhile is counted again once forgotten.
      await db.insertInto('newsletter_day_totals').values(settled).onConflict((oc) => oc.columns(['day', 'kind']).doNothing()).execute();
    }
    return [...kept, ...live].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  }

  function present(row: NewsletterIssueRow, counts = EMPTY_COUNTS): NewsletterIssue {
    return {
      id: row.id,
      day: row.day,
      subject: row.subject,
      body: row.body,
      format: row.format,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      recipients: counts.recipients,
      sent: counts.sent,
      pending: counts.pending,
      failed: counts.failed,
    };
  }

  async function mustBeUnsent(id: string): Promise<NewsletterIssueRow> {
    const row = await db.selectFrom('newsletter_issues').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(404, 'NOT_FOUND', 'No such issue');
    const sent = await db.selectFrom('newsletter_deliveries').select('user_id').where('issue_id', '=', id).limit(1).executeTakeFirst();
    if (sent) throw new AppError(409, 'ISSUE_ALREADY_SENT', 'This issue has gone out already: it can no longer be changed or withdrawn.');
    return row;
  }

  function notInThePast(day: string): void {
    if (day < utcDay(new Date())) throw new AppError(400, 'VALIDATION', 'Schedule an issue for today or a later day (UTC).');
  }

  const dayTaken = () => new AppError(409, 'ISSUE_DAY_TAKEN', 'An issue is already scheduled for that day.');
  const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

  return {
    async overview(days = 60): Promise<{ issues: NewsletterIssue[]; days: NewsletterDay[]; subscribers: number }> {
      const now = Date.now();
      const since = utcDay(new Date(now - days * 86_400_000));
      const [issues, counts, subscribers] = await Promise.all([
        db.selectFrom('newsletter_issues').selectAll().where('day', '>=', since).orderBy('day', 'desc').execute(),
        deliveryCounts(since, utcDay(new Date(now - SETTLED_AFTER_DAYS * 86_400_000))),
        db.selectFrom('newsletter_subscriptions').select((eb) => eb.fn.countAll<string>().as('n')).where('subscribed', '=', true).executeTakeFirstOrThrow(),
      ]);
      const byIssue = new Map(counts.filter((row) => row.issue_id).map((row) => [row.issue_id!, row]));
      const perDay = new Map<string, NewsletterDay>();
      for (const row of counts) {
        const key = `${row.day}:${row.kind}`;
        const day = perDay.get(key) ?? { day: row.day, kind: row.kind, subject: row.subject, ...EMPTY_COUNTS };
        for (const field of ['recipients', 'sent', 'pending', 'failed'] as const) day[field] += Number(row[field]);
        perDay.set(key, day);
      }
      return { issues: issues.map((row) => present(row, byIssue.get(row.id))), days: [...perDay.values()], subscribers: Number(subscribers.n) };
    },

    async create(input: IssueInput, adminId: string): Promise<NewsletterIssue> {
      notInThePast(input.day);
      try {
        const row = await db.insertInto('newsletter_issues').values({ ...input, created_by: adminId }).returningAll().executeTakeFirstOrThrow();
        return present(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw dayTaken();
        throw error;
      }
    },

    async update(id: string, input: IssueInput): Promise<NewsletterIssue> {
      const before = await mustBeUnsent(id);
      if (input.day !== before.day) notInThePast(input.day);
      try {
        const row = await db.updateTable('newsletter_issues').set({ ...input, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        // Unsent (mustBeUnsent above), so it has no deliveries to count: counting them read every delivery ever made.
        return present(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw dayTaken();
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      await mustBeUnsent(id);
      await db.deleteFrom('newsletter_issues').where('id', '=', id).execute();
    },
  };
}
export type NewsletterIssues = ReturnType<typeof newsletterIssues>;
