// Support requests (docs/identity.md, "Support requests"): a reader's request is stored with the address and
// plan of the moment, a receipt goes to the reader and a notice to the support inbox in the same transaction,
// and the administrators answer them priority first. Priority: the decoder's Monthly and Annual plans, as
// billing says; when billing cannot say, the request is treated as priority (a paying reader is never
// counted as free) with no plan named.
import { PRIORITY_SUPPORT_PLANS, SUPPORT_ERRORS, SUPPORT_PLAN_LABELS, SUPPORT_REPLY_TIME, SUPPORT_TEXT, type AdminSupportRequest, type SupportRequest } from '@keisha/contracts/identity';
import { AppError } from '@keisha/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdentityDatabase, SupportRequestRow, UserRow } from '../db/database.ts';
import { supportRequestsRepository } from '../db/repositories/support-requests.ts';
import type { OutboxRepository } from '../mail/outbox.ts';
import { supportNoticeTemplate, supportReceiptTemplate, supportReplyTemplate } from '../mail/templates.ts';
import { renderMail } from '../mail/templates/render.ts';
import { mailDate } from '../mail/mail-date.ts';

export interface SupportDeps {
  db: Kysely<IdentityDatabase>;
  outbox: OutboxRepository;
  nudge: () => void;
  /** The reader's decoder tier from billing ('free', 'monthly', 'annual'); throws when billing cannot say. */
  planOf: (userId: string, bearer: string) => Promise<string>;
  log: FastifyBaseLogger;
}

export interface SupportPolicy {
  /** Where the notices go (SUPPORT_EMAIL). */
  inbox: string;
  publicUrl: string;
  /** Requests one account may send per `windowMs`. */
  perAccountLimit: number;
  windowMs: number;
}

/** What the reader's plan gives: priority and the plan's label; unknown plans get priority and no label. */
export function supportLevel(tier: string | null): { priority: boolean; plan: string | null } {
  if (tier === null) return { priority: true, plan: null };
  const paid = (PRIORITY_SUPPORT_PLANS as readonly string[]).includes(tier);
  return { priority: paid, plan: paid ? SUPPORT_PLAN_LABELS[tier as (typeof PRIORITY_SUPPORT_PLANS)[number]] : null };
}

export function toSupportRequest(row: SupportRequestRow): SupportRequest {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    priority: row.priority,
    plan: row.plan,
    status: row.status,
    created_at: row.created_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
    reply: row.reply,
  };
}

export function toAdminSupportRequest(row: SupportRequestRow): AdminSupportRequest {
  return { ...toSupportRequest(row), email: row.email, user_id: row.user_id };
}

export function createSupport(deps: SupportDeps, policy: SupportPolicy) {
  const requests = supportRequestsRepository(deps.db);

  async function tierOf(userId: string, bearer: string): Promise<string | null> {
    try {
      return await deps.planOf(userId, bearer);
    } catch (error) {
      deps.log.warn({ err: error, userId }, 'support request: billing could not say the plan; kept as priority, plan unknown');
      return null;
    }
  }

  async function mails(row: SupportRequestRow) {
    const replyBy = row.priority ? SUPPORT_REPLY_TIME.priority : SUPPORT_REPLY_TIME.standard;
    const [receipt, notice] = await Promise.all([
      renderMail(supportReceiptTemplate, { subject: row.subject, received: SUPPORT_TEXT.received(replyBy), message: row.message, accountUrl: `${policy.publicUrl}/account#support` }),
      renderMail(supportNoticeTemplate, {
        prefix: row.priority ? '[Priority] ' : '',
        subject: row.subject,
        email: row.email,
        plan: row.plan ?? (row.priority ? 'unknown (billing could not say)' : 'Free'),
        replyBy,
        message: row.message,
        adminUrl: `${policy.publicUrl}/admin/support`,
      }),
    ]);
    return { receipt, notice };
  }

  return {
    async send(account: UserRow, input: { subject: string; message: string }, bearer: string): Promise<SupportRequest> {
      const tier = await tierOf(account.id, bearer);
      const row = await deps.db.transaction().execute(async (trx) => {
        // One request at a time per account, so the count below cannot be raced past.
        await trx.selectFrom('users').select('id').where('id', '=', account.id).forUpdate().executeTakeFirst();
        const recent = await requests.countSince(account.id, policy.windowMs, trx);
        if (recent.count >= policy.perAccountLimit) {
          const freeAt = (recent.oldest?.getTime() ?? Date.now()) + policy.windowMs;
          throw new AppError(429, SUPPORT_ERRORS.rateLimited, SUPPORT_TEXT.tooMany, undefined, { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) });
        }
        const stored = await requests.insert({ userId: account.id, email: account.email, subject: input.subject, message: input.message, ...supportLevel(tier) }, trx);
        const { receipt, notice } = await mails(stored);
        await deps.outbox.enqueue({ key: `support-receipt:${stored.id}`, kind: 'support-receipt', to: stored.email, ...receipt }, trx);
        await deps.outbox.enqueue({ key: `support-notice:${stored.id}`, kind: 'support-notice', to: policy.inbox, ...notice, headers: { 'Reply-To': stored.email } }, trx);
        return stored;
      });
      deps.nudge();
      return toSupportRequest(row);
    },

    /** The reader's requests and what the plan gives now (as a request sent now would be kept). */
    async listOwn(userId: string, page: number, pageSize: number, bearer: string) {
      const [{ rows, total }, tier] = await Promise.all([requests.listOfUser(userId, page, pageSize), tierOf(userId, bearer)]);
      return { requests: rows.map(toSupportRequest), total, level: supportLevel(tier) };
    },

    async listForAdmin(status: 'open' | 'answered', page: number, pageSize: number) {
      const { rows, total } = await requests.listByStatus(status, page, pageSize);
      return { requests: rows.map(toAdminSupportRequest), total };
    },

    /**
     * An administrator's answer from the console: kept with the request, which is answered by it, and mailed to the
     * reader's address now (they may have changed it since they wrote), in one transaction. A request already
     * answered (another administrator first, or marked answered after an e-mail) is refused with 409 and nothing is
     * sent, so a reader never gets two answers to one request.
     */
    async reply(id: string, adminId: string, reply: string): Promise<AdminSupportRequest> {
      const row = await deps.db.transaction().execute(async (trx) => {
        const answered = await requests.reply(id, adminId, reply, trx);
        if (!answered) {
          const existing = await requests.find(id, trx);
          if (!existing) throw new AppError(404, SUPPORT_ERRORS.notFound, SUPPORT_TEXT.notFound);
          throw new AppError(409, SUPPORT_ERRORS.alreadyAnswered, SUPPORT_TEXT.alreadyAnswered);
        }
        const reader = await trx.selectFrom('users').select('email').where('id', '=', answered.user_id).executeTakeFirst();
        const mail = await renderMail(supportReplyTemplate, {
          subject: answered.subject,
          reply,
          sent: mailDate(answered.created_at),
          message: answered.message,
          accountUrl: `${policy.publicUrl}/account#support`,
        });
        await deps.outbox.enqueue({ key: `support-reply:${answered.id}`, kind: 'support-reply', to: reader?.email ?? answered.email, ...mail }, trx);
        return answered;
      });
      deps.nudge();
      deps.log.info({ requestId: row.id, adminId }, 'support request answered from the console; the reply is mailed to the reader');
      return toAdminSupportRequest(row);
    },

    async markAnswered(id: string, adminId: string): Promise<AdminSupportRequest> {
      const row = await requests.markAnswered(id, adminId);
      if (!row) throw new AppError(404, SUPPORT_ERRORS.notFound, SUPPORT_TEXT.notFound);
      return toAdminSupportRequest(row);
    },
  };
}
export type Support = ReturnType<typeof createSupport>;
