// A reader's copy of what the decoder holds about them, for identity's "Download your data" (docs/decoder.md,
// "Exporting an account"): identity asks every service at once and puts the answers in one file. Reads only, so it
// can be asked any number of times; an account the decoder never saw answers empty lists. The caller proves itself
// with the internal token; the route is outside /api, so the edge never routes a browser to it. Not throttled:
// identity limits the reader's downloads, and every request here comes from identity's one address.
import { INTERNAL_ACCOUNT_EXPORT_PATH } from '@keisha/contracts/decoder';
import { accountErasureParams, accountExportPart, apiErrorBody } from '@keisha/contracts/schemas';
import { internalOnly, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { accountExportRepository, type AccountExportData } from '../../db/repositories/account-export.ts';

/** How many rows of each kind: all the log says of an export (the rows are the reader's, not the log's). */
function countsOf(data: AccountExportData): Record<string, number> {
  return Object.fromEntries(Object.entries(data).map(([kind, rows]) => [kind, rows.length]));
}

export async function internalAccountExportRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  const accountExport = accountExportRepository(app.db as Kysely<DecoderDatabase>);
  app.get(
    INTERNAL_ACCOUNT_EXPORT_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'An account’s history, API keys and counters, for the reader’s own download (internal token)',
        params: accountErasureParams,
        response: { 200: accountExportPart, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const data = await accountExport.exportAccount(request.params.user_id);
      request.log.info({ userId: request.params.user_id, counts: countsOf(data) }, 'account exported');
      // Personal data: nothing on the way keeps a copy.
      reply.header('cache-control', 'no-store');
      return { success: true as const, data };
    },
  );
}
