import { ADMIN_PATHS, OUTBOX_ERRORS, OUTBOX_TEXT } from '@keisha/contracts/identity';
import { adminOutboxMessageParams, adminOutboxMessageResponse, adminOutboxQuery, adminOutboxResponse } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { MailOutboxRow } from '../../db/database.ts';
import type { OutboxRepository } from '../../mail/outbox.ts';

function outboxRow(row: MailOutboxRow) {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    body_kept: row.text_body !== '',
  };
}

export async function adminOutboxRoutes(app: ServiceApp, options: { outbox: OutboxRepository; nudge: () => void }): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireAdmin);
  app.get(
    ADMIN_PATHS.outbox,
    {
      schema: {
        tags: ['admin'],
        summary: 'The mail outbox, newest first',
        querystring: adminOutboxQuery,
        response: { 200: adminOutboxResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody },
      },
    },
    async (request) => {
      const { page, page_size, status } = request.query;
      const { rows, total, totalCapped } = await options.outbox.list(page, page_size, status);
      return { success: true as const, messages: rows.map(outboxRow), total, total_capped: totalCapped, page, page_size };
    },
  );

  // A message that failed every attempt (the mail server refused it, or was down longer than the retries last) is
  // otherwise lost: the administrator sends it again once the cause is fixed. A link in it works only while the link
  // does; a reader whose link expired asks for a new one, as always.
  app.post(
    '/api/identity/admin/outbox/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a failed message again (409 unless failed with its text kept)',
        params: adminOutboxMessageParams,
        response: { 200: adminOutboxMessageResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const queued = await options.outbox.retry(request.params.id);
      if (!queued) {
        const row = await options.outbox.find(request.params.id);
        if (!row) throw new AppError(404, 'NOT_FOUND', OUTBOX_TEXT.notFound);
        if (row.status !== 'failed') throw new AppError(409, OUTBOX_ERRORS.notFailed, OUTBOX_TEXT.notFailed);
        throw new AppError(409, OUTBOX_ERRORS.bodyEmptied, OUTBOX_TEXT.bodyEmptied);
      }
      request.log.info({ messageId: queued.id, kind: queued.kind, adminId: request.user.sub }, 'outbox: a failed message queued again by an administrator');
      options.nudge();
      return { success: true as const, message: outboxRow(queued) };
    },
  );
}
