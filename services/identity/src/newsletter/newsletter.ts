// The daily newsletter (docs/identity.md, "Daily newsletter"). identity owns who reads it and the mail;
// billing says whose plan includes it (its internal route); the decoder gives the automatic issue's term of
// the day and the reader's week (its internal route). One job, a timer in every identity replica:
//
// - From NEWSLETTER_SEND_HOUR_UTC on, each tick looks at today's row in `newsletter_runs`; if the day is not
//   finished it claims the row with a lease (one upsert, so one replica at a time walks the readers).
// - The subscribed, confirmed, enabled readers without a delivery today are walked a page at a time (PAGE_SIZE,
//   in the order of their ids). For each page the run renews its lease (and stops when another run has taken
//   the day over), asks billing for the page's plans in one question (Monthly and Annual only) and the decoder
//   for the page's weeks in one more, then builds each message and in ONE transaction inserts the (reader, day)
//   row of `newsletter_deliveries` and the outbox message. The primary key (reader, day) is what makes it once
//   per reader per day, whatever runs, restarts or replicas race; the outbox's own key is a second guard.
// - The day is finished when no reader was left out for a failed lookup; otherwise the next tick tries again.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { NEWSLETTER_PATHS, NEWSLETTER_PLANS } from '@keisha/contracts/identity';
import { internalEntitlementsPath } from '@keisha/contracts/billing';
import { adminEntitlementsResponse } from '@keisha/contracts/billing/schemas';
import { internalNewsletterDigestsPath } from '@keisha/contracts/decoder';
import { newsletterDigestsResponse } from '@keisha/contracts/decoder/schemas';
import { AppError, INTERNAL_TOKEN_HEADER, repeatingJob } from '@keisha/service-kit';
import type { IdentityDatabase, NewsletterIssueRow } from '../db/database.ts';
import { newsletterOutboxKey } from '../domain/newsletter-key.ts';
import type { OutboxRepository } from '../mail/outbox.ts';
import { newsletterTemplate } from '../mail/templates.ts';
import { renderMail } from '../mail/templates/render.ts';
import { automaticContent, issueContent, type Digest } from './content.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** Readers asked about in one question to billing and one to the decoder (their routes take up to 100). */
export const PAGE_SIZE = 100;

export interface NewsletterPolicy {
  publicUrl: string;
  billingUrl: string;
  decoderUrl: string;
  /** Readers a page (PAGE_SIZE unless a test asks for fewer). */
  pageSize?: number;
  sendHourUtc: number;
  checkMs: number;
  leaseMs: number;
  /** The timer runs only when true (NEWSLETTER_ENABLED); the admin's "send now" works either way. */
  timer: boolean;
}

export interface NewsletterDeps {
  db: Kysely<IdentityDatabase>;
  outbox: OutboxRepository;
  nudge: () => void;
  /** The reader's decoder plan from billing (throws when billing cannot say). */
  planOf: (userId: string, bearer?: string) => Promise<string>;
  internalToken: () => string | undefined;
  tokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
}

export interface RunResult {
  day: string;
  queued: number;
  /** Subscribed readers whose plan does not include the newsletter. */
  skipped: number;
  /** Readers left for the next try (billing or the decoder could not answer). */
  failed: number;
  /** False when readers were left, or another run took the day over (this run's lease had run out). */
  complete: boolean;
}

export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

export function createNewsletter(deps: NewsletterDeps, policy: NewsletterPolicy) {
  const { db, log } = deps;
  const unsubscribeUrl = (userId: string) => `${policy.publicUrl}${NEWSLETTER_PATHS.unsubscribe}?token=${deps.tokens.tokenFor(userId)}`;
  const accountUrl = `${policy.publicUrl}/account`;
  const decoderPage = `${policy.publicUrl}/bias-detection`;

  async function askInternal<T>(base: string, path: string, parse: (body: unknown) => T, what: string): Promise<T> {
    const token = deps.internalToken();
    if (!token) throw new Error(`no internal token to ask ${what} with`);
    const response = await fetch(new URL(path, base), { headers: { [INTERNAL_TOKEN_HEADER]: token }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${what} answered ${response.status}`);
    return parse(await response.json());
  }

  /** The ids of a page of readers whose plan includes the newsletter, in one question to billing. */
  async function includedOf(ids: string[]): Promise<Set<string>> {
    const { entitlements } = await askInternal(policy.billingUrl, internalEntitlementsPath(ids), (body) => adminEntitlementsResponse.parse(body), 'billing');
    return new Set(ids.filter((id) => (NEWSLETTER_PLANS as readonly string[]).includes(entitlements[id]?.decoder_tier ?? '')));
  }

  /** The term of the day and each reader's week, in one question to the decoder. */
  async function digestsOf(ids: string[], day: string): Promise<Map<string, Digest>> {
    const { term, weeks } = await askInternal(policy.decoderUrl, internalNewsletterDigestsPath(ids, day), (body) => newsletterDigestsResponse.parse(body), 'the decoder');
    return new Map(ids.flatMap((id) => (weeks[id] ? [[id, { success: true as const, term, week: weeks[id] }] as const] : [])));
  }

  async function includes(userId: string, bearer?: string): Promise<boolean> {
    return (NEWSLETTER_PLANS as readonly string[]).includes(await deps.planOf(userId, bearer));
  }

  /** Takes the day's run for `leaseMs`; null when another run holds it (or, unless `again`, it is finished). */
  async function claim(day: string, again: boolean): Promise<number | null> {
    const lease = `${policy.leaseMs} milliseconds`;
    const { rows } = await sql<{ attempts: number }>`
      insert into newsletter_runs (day, locked_until, attempts) values (${day}, now() + ${lease}::interval, 1)
      on conflict (day) do update set locked_until = now() + ${lease}::interval, attempts = newsletter_runs.attempts + 1
      where (newsletter_runs.locked_until is null or newsletter_runs.locked_until < now())
        and (${again} or newsletter_runs.finished_at is null)
      returning attempts`.execute(db);
    return rows[0]?.attempts ?? null;
  }

  /** The next page of readers to send `day`'s message to, after the reader `after` in the order of ids. */
  async function readersAfter(day: string, after: string | null, limit: number) {
    let query = db
      .selectFrom('newsletter_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.email'])
      .where('s.subscribed', '=', true)
      .where('u.disabled_at', 'is', null)
      .where('u.email_verified_at', 'is not', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('newsletter_deliveries as d').select('d.user_id').whereRef('d.user_id', '=', 'u.id').where('d.day', '=', day))));
    if (after) query = query.where('u.id', '>', after);
    return query.orderBy('u.id').limit(limit).execute();
  }

  /** Holds the day for another lease; false when another run has taken it over since (this run must stop). */
  async function renew(day: string, fence: number): Promise<boolean> {
    const lease = `${policy.leaseMs} milliseconds`;
    const renewed = await db
      .updateTable('newsletter_runs')
      .set({ locked_until: sql`now() + ${lease}::interval` })
      .where('day', '=', day)
      .where('attempts', '=', fence)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) > 0;
  }

  /** Queues the day's message to one reader, once: false when they already had it. */
  async function queueFor(reader: { id: string; email: string }, day: string, issue: NewsletterIssueRow | undefined, digest: Digest | undefined): Promise<boolean> {
    const content = issue ? issueContent(issue) : automaticContent(digest!, day, decoderPage);
    const link = unsubscribeUrl(reader.id);
    const mail = await renderMail(newsletterTemplate, { ...content, day, accountUrl, unsubscribeUrl: link });
    const key = newsletterOutboxKey(reader.id, day);
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('newsletter_deliveries')
        .values({ user_id: reader.id, day, kind: issue ? 'issue' : 'automatic', issue_id: issue?.id ?? null, subject: mail.subject, outbox_key: key })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) return false;
      await deps.outbox.enqueue(
        {
          key,
          kind: 'newsletter',
          to: reader.email,
          ...mail,
          // RFC 2369 and RFC 8058: a mail client's own unsubscribe button posts here, no sign-in needed.
          headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          // After every message a reader is waiting for (a sign-in or reset link queued behind thousands of these).
          bulk: true,
        },
        trx,
      );
      return true;
    });
  }

  /**
   * Sends `day`'s newsletter to every subscribed reader who has not had it. `again`: also when the day was
   * finished (the admin's "send now", for readers who opted in since). Null when another run holds the day.
   */
  async function runDay(day: string, again = false): Promise<RunResult | null> {
    const started = await startDay(day, again);
    return started ? started.done : null;
  }

  /** Runs not finished yet: stop() waits for them, and they stop at their next page once `stopping`. */
  const inFlight = new Set<Promise<RunResult>>();
  let stopping = false;

  /**
   * Claims `day` and starts walking its readers: null when another run holds the day, otherwise the run's counts as
   * they grow (`result`) and its end (`done`). The walk goes on whether or not anyone waits for `done`.
   */
  async function startDay(day: string, again = false): Promise<{ result: RunResult; done: Promise<RunResult> } | null> {
    const fence = await claim(day, again);
    if (fence === null) return null;
    const result: RunResult = { day, queued: 0, skipped: 0, failed: 0, complete: false };
    const done = walk(day, fence, result);
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done)).catch(() => undefined);
    return { result, done };
  }

  async function walk(day: string, fence: number, result: RunResult): Promise<RunResult> {
    const pageSize = Math.min(policy.pageSize ?? PAGE_SIZE, PAGE_SIZE);
    let held = true;
    try {
      const issue = await db.selectFrom('newsletter_issues').selectAll().where('day', '=', day).executeTakeFirst();
      let after: string | null = null;
      for (;;) {
        if (stopping) {
          // The service is shutting down: the day is left unfinished, and the lease let go below, so another
          // replica (or this one restarted) goes on at its next tick.
          held = false;
          break;
        }
        const page = await readersAfter(day, after, pageSize);
        if (!page.length) break;
        after = page.at(-1)!.id;
        if (!(held = await renew(day, fence))) {
          log.warn({ day }, 'newsletter: another run took the day over; this one stops');
          break;
        }
        let included: Set<string> | undefined;
        let digests: Map<string, Digest> | undefined;
        try {
          included = await includedOf(page.map((reader) => reader.id));
          result.skipped += page.length - included.size;
          if (!included.size) continue;
          digests = issue ? undefined : await digestsOf([...included], day);
        } catch (error) {
          const left = included?.size ?? page.length;
          result.failed += left;
          log.warn({ err: error, day, readers: left }, 'newsletter: a page of readers left for the next try');
          continue;
        }
        for (const reader of page) {
          if (!included.has(reader.id)) continue;
          try {
            const digest = digests?.get(reader.id);
            if (!issue && !digest) throw new Error('the decoder gave no week for this reader');
            if (await queueFor(reader, day, issue, digest)) result.queued += 1;
          } catch (error) {
            result.failed += 1;
            log.warn({ err: error, userId: reader.id, day }, 'newsletter: reader left for the next try');
          }
        }
      }
      result.complete = held && result.failed === 0;
    } finally {
      await db
        .updateTable('newsletter_runs')
        .set((eb) => ({ locked_until: null, queued: eb('queued', '+', result.queued), ...(result.complete ? { finished_at: sql`now()` } : {}) }))
        .where('day', '=', day)
        .where('attempts', '=', fence) // a run whose lease was taken over leaves the row to the newer one
        .execute();
      if (result.queued > 0) deps.nudge();
    }
    log.info({ newsletter: result }, 'newsletter run');
    return result;
  }

  function due(now: Date): boolean {
    return now.getUTCHours() >= policy.sendHourUtc;
  }

  async function tick(): Promise<void> {
    const now = new Date();
    if (!due(now)) return;
    await runDay(utcDay(now));
  }

  const job = repeatingJob('newsletter tick', tick, { everyMs: policy.checkMs, log, enabled: policy.timer });

  return {
    runDay,
    startDay,
    /** The reader's choice, and whether their plan includes the newsletter. */
    async subscription(userId: string, bearer: string) {
      const row = await db.selectFrom('newsletter_subscriptions').select('subscribed').where('user_id', '=', userId).executeTakeFirst();
      // The choice is identity's own and always shown; whether the plan includes it is billing's answer, and
      // null when billing cannot give one just now (the page then says nothing about the plan).
      const included = await includes(userId, bearer).catch((error: unknown) => {
        log.warn({ err: error, userId }, 'newsletter: plan unknown');
        return null;
      });
      return { subscribed: row?.subscribed ?? false, included, send_hour_utc: policy.sendHourUtc };
    },
    async setSubscribed(userId: string, subscribed: boolean, by: 'account' | 'link'): Promise<void> {
      await db
        .insertInto('newsletter_subscriptions')
        .values({ user_id: userId, subscribed, changed_by: by })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ subscribed, changed_by: by, changed_at: sql`now()` }))
        .execute();
    },
    /** The account the unsubscribe token stands for; 400 when it is not one of ours. */
    readerOfToken(token: string): string {
      const userId = deps.tokens.userOf(token);
      if (!userId) throw new AppError(400, 'INVALID_LINK', 'This unsubscribe link is not valid.');
      return userId;
    },
    start: job.start,
    async stop() {
      stopping = true;
      await job.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type Newsletter = ReturnType<typeof createNewsletter>;
