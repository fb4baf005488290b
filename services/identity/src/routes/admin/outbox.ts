import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { adminOutboxQuery, adminOutboxResponse } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
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
  };
}

export async function adminOutboxRoutes(app: ServiceApp, options: { outbox: OutboxRepository }): Promise<void> {
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
      const { rows, total } = await options.outbox.list(page, page_size, status);
      return { success: true as const, messages: rows.map(outboxRow), total, page, page_size };
    },
  );
}
