// identity deletes an account, then asks each service to erase what it holds about it, and asks again until it is
// answered 200. So the erasure is idempotent: a second call finds nothing and answers zeros, and an account the
// chat never saw answers zeros too. The caller proves itself with the internal token; the route is outside /api,
// so the edge never routes a browser to it.
import { INTERNAL_ACCOUNT_ERASURE_PATH } from '@keisha/contracts/chat';
import { internalAccountErasureRoute, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../../db/database.ts';
import { accountErasureRepository } from '../../db/repositories/account-erasure.ts';

/** `internalToken` is read at the first call, as the chat reads it everywhere (app.ts): the chat starts without it. */
export async function internalAccountErasureRoutes(app: ServiceApp, options: { internalToken: () => string }): Promise<void> {
  const erasure = accountErasureRepository(app.db as Kysely<ChatDatabase>);
  internalAccountErasureRoute(app, {
    path: INTERNAL_ACCOUNT_ERASURE_PATH,
    summary: 'Erase a deleted account’s conversations, messages and counters, for identity (internal token)',
    internalToken: options.internalToken,
    run: (userId) => erasure.erase(userId),
  });
}
