// A reader's copy of what billing holds about them, for identity's "Download your data" (docs/billing.md,
// "Exporting an account"): identity asks every service at once and puts the answers in one file. Reads only. The
// caller proves itself with the internal token; the route is outside /api, so the edge never routes a browser to it.
// Not throttled: identity limits the reader's downloads, and every request here comes from identity's one address.
import type { Kysely } from 'kysely';
import { INTERNAL_ACCOUNT_EXPORT_PATH } from '@keisha/contracts/billing';
import { internalAccountExportRoute, type ServiceApp } from '@keisha/service-kit';
import type { BillingDatabase } from '../../db/database.ts';
import { ACCOUNT_EXPORT_KINDS, accountExportRepository } from '../../db/repositories/account-export.ts';

export async function internalAccountExportRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  const repo = accountExportRepository(app.db as Kysely<BillingDatabase>);
  internalAccountExportRoute(app, {
    path: INTERNAL_ACCOUNT_EXPORT_PATH,
    summary: 'What billing holds about an account, for the reader’s own download (internal token)',
    internalToken: options.internalToken,
    kinds: ACCOUNT_EXPORT_KINDS,
    // Billing's part is small (a plan, its purchases and their events): read whole, handed on kind by kind.
    run: async (userId, emit) => {
      const data = await repo.exportAccount(userId);
      for (const kind of ACCOUNT_EXPORT_KINDS) await emit(kind, data[kind]);
    },
  });
}
