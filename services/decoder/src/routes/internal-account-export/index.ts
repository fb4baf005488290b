// A reader's copy of what the decoder holds about them, for identity's "Download your data" (docs/decoder.md,
// "Exporting an account"): identity asks every service at once and puts the answers in one file. Reads only, so it
// can be asked any number of times; an account the decoder never saw answers empty lists. The caller proves itself
// with the internal token; the route is outside /api, so the edge never routes a browser to it. Not throttled:
// identity limits the reader's downloads, and every request here comes from identity's one address.
import { INTERNAL_ACCOUNT_EXPORT_PATH } from '@keisha/contracts/decoder';
import { internalAccountExportRoute, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { ACCOUNT_EXPORT_KINDS, accountExportRepository } from '../../db/repositories/account-export.ts';

export async function internalAccountExportRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  const accountExport = accountExportRepository(app.db as Kysely<DecoderDatabase>);
  internalAccountExportRoute(app, {
    path: INTERNAL_ACCOUNT_EXPORT_PATH,
    summary: 'An account’s history, API keys and counters, for the reader’s own download (internal token)',
    internalToken: options.internalToken,
    kinds: ACCOUNT_EXPORT_KINDS,
    run: (userId, emit) => accountExport.exportAccount(userId, emit),
  });
}
