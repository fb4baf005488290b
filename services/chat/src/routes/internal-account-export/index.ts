// A reader's copy of what the chat holds about them, for identity's "Download your data" (docs/chat.md, "Exporting an
// account"): identity asks every service at once and puts the answers in one file. Reads only; an account the chat
// never saw answers empty lists. The caller proves itself with the internal token; the route is outside /api, so the
// edge never routes a browser to it. Not throttled: identity limits the reader's downloads.
import { INTERNAL_ACCOUNT_EXPORT_PATH } from '@keisha/contracts/chat';
import { internalAccountExportRoute, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../../db/database.ts';
import { ACCOUNT_EXPORT_KINDS, accountExportRepository } from '../../db/repositories/account-export.ts';

/** `internalToken` is read at the first call, as the chat reads it everywhere (app.ts): the chat starts without it. */
export async function internalAccountExportRoutes(app: ServiceApp, options: { internalToken: () => string }): Promise<void> {
  const accountExport = accountExportRepository(app.db as Kysely<ChatDatabase>);
  internalAccountExportRoute(app, {
    path: INTERNAL_ACCOUNT_EXPORT_PATH,
    summary: 'An account’s conversations and counters, for the reader’s own download (internal token)',
    internalToken: options.internalToken,
    kinds: ACCOUNT_EXPORT_KINDS,
    run: (userId, emit) => accountExport.exportAccount(userId, emit),
  });
}
