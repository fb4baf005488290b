// Issues written by administrators, and what went out day by day (for the admin console).
import { sql, type Kysely } from 'kysely';
import type { NewsletterDay, NewsletterIssue, NewsletterFormat } from '@keisha/contracts/identity';
import { AppError } from '@keisha/service-kit';
import type { IdentityDatabase, NewsletterIssueRow } from '../db/database.ts';
import { utcDay } from './newsletter.ts';

export interface IssueInput {
  day: string;
  subject: string;
  body: string;
  format: NewsletterFormat;
}

const EMPTY_COUNTS = { recipients: 0, sent: 0, pending: 0, failed: 0 };

export function newsletterIssues(db: Kysely<IdentityDatabase>) {
  /** Deliveries per (day, kind, issue) with their messages' states. */
  async function deliveryCounts(since: string) {
    return db
      .selectFrom('newsletter_deliveries as d')
      .leftJoin('mail_outbox as m', 'm.dedupe_key', 'd.outbox_key')
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
      .where('d.day', '>=', since)
      .groupBy(['d.day', 'd.kind', 'd.issue_id'])
      .orderBy('d.day', 'desc')
      .execute();
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
      const since = utcDay(new Date(Date.now() - days * 86_400_000));
      const [issues, counts, subscribers] = await Promise.all([
        db.selectFrom('newsletter_issues').selectAll().where('day', '>=', since).orderBy('day', 'desc').execute(),
        deliveryCounts(since),
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
