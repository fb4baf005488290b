// GET /api/auth/export-data: the signed-in reader's copy of everything Keisha holds about them, as one JSON file
// (src/export/account-export.ts). A session is enough, as for every other page of the account: the file holds
// nothing a signed-in device cannot already read, page by page. Limited per client address like sign-in, since each
// export asks three services.
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { accountExportDocument } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import type { ServiceApp } from '@keisha/service-kit';
import type { AccountExport } from '../../export/account-export.ts';

/** The file's name: keisha-data-2026-11-28.json (the UTC day it was made). */
export const exportFileName = (exportedAt: string) => `keisha-data-${exportedAt.slice(0, 10)}.json`;

export async function exportDataRoutes(app: ServiceApp, options: { exporter: AccountExport; rateLimitMax: number }): Promise<void> {
  app.get(
    AUTH_PATHS.exportData,
    {
      schema: {
        tags: ['auth'],
        summary: 'Download everything Keisha holds about the signed-in account, as one JSON file',
        response: { 200: accountExportDocument, 401: apiErrorBody, 403: apiErrorBody, 429: apiErrorBody, 503: apiErrorBody },
      },
      preHandler: app.authenticate,
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const document = await options.exporter.exportAccount(request.user.sub);
      request.log.info({ userId: request.user.sub }, 'account export: the reader downloaded their data');
      // Personal data: no cache on the way may keep a copy.
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${exportFileName(document.exported_at)}"`);
      return document;
    },
  );
}
