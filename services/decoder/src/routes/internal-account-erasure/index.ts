// identity deletes an account, then asks each service to erase what it holds about it, and asks again until it is
// answered 200. So the erasure is idempotent: a second call finds nothing and answers zeros, and an account the
// decoder never saw answers zeros too. The caller proves itself with the internal token; the route is outside
// /api, so the edge never routes a browser to it.
import { INTERNAL_ACCOUNT_ERASURE_PATH } from '@keisha/contracts/decoder';
import { internalAccountErasureRoute, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { accountErasureRepository } from '../../db/repositories/account-erasure.ts';

export async function internalAccountErasureRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  const erasure = accountErasureRepository(app.db as Kysely<DecoderDatabase>);
  internalAccountErasureRoute(app, {
    path: INTERNAL_ACCOUNT_ERASURE_PATH,
    summary: 'Erase a deleted account’s history, API keys and counters, for identity (internal token)',
    internalToken: options.internalToken,
    run: (userId) => erasure.erase(userId),
  });
}
