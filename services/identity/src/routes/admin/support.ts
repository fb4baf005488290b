// The administrators' side of support requests: the queue (open ones priority first, then the longest waiting),
// answering one from the console (the reply is mailed to the reader), and marking one answered after an e-mail.
import { ADMIN_SUPPORT_PATHS } from '@keisha/contracts/identity';
import { adminSupportReplyBody, adminSupportRequestParams, adminSupportRequestResponse, adminSupportRequestsQuery, adminSupportRequestsResponse } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { Support } from '../../support/support.ts';

export async function adminSupportRoutes(app: ServiceApp, options: { support: Support }): Promise<void> {
  const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
  // Every route here is for administrators: one hook for the whole prefix.
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireAdmin);

  app.get(
    ADMIN_SUPPORT_PATHS.requests,
    { schema: { tags: ['admin'], summary: 'Support requests: open ones priority first, then oldest first', querystring: adminSupportRequestsQuery, response: { 200: adminSupportRequestsResponse, ...errors } } },
    async (request) => {
      const { status, page, page_size } = request.query;
      const { requests, total } = await options.support.listForAdmin(status, page, page_size);
      return { success: true as const, requests, total, page, page_size };
    },
  );

  app.post(
    '/api/identity/admin/support/requests/:id/answered',
    { schema: { tags: ['admin'], summary: 'Mark a support request answered (again: nothing changes)', params: adminSupportRequestParams, response: { 200: adminSupportRequestResponse, ...errors } } },
    async (request) => ({ success: true as const, request: await options.support.markAnswered(request.params.id, request.user.sub) }),
  );

  app.post(
    '/api/identity/admin/support/requests/:id/reply',
    {
      schema: {
        tags: ['admin'],
        summary: 'Answer an open support request: the reply is kept with it and mailed to the reader (409 when already answered)',
        params: adminSupportRequestParams,
        body: adminSupportReplyBody,
        response: { 200: adminSupportRequestResponse, ...errors, 409: apiErrorBody },
      },
    },
    async (request) => ({ success: true as const, request: await options.support.reply(request.params.id, request.user.sub, request.body.reply) }),
  );
}
