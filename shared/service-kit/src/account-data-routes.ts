// The internal routes through which identity reaches what a service holds about one account: the reader's copy of it
// ("Download your data": GET /internal/<service>/accounts/:user_id/export) and, once the account is deleted, its
// erasure (DELETE /internal/<service>/accounts/:user_id). Each service reads and erases its own tables; the route
// around that is the same everywhere: only the internal token, outside /api (the edge never routes a browser to it),
// not throttled (identity limits the reader, and every call comes from identity), an id that is a uuid, and a log
// line that gives counts, never the reader's rows.
import { accountErasureParams, accountErasureResponse, accountExportPart, apiErrorBody } from '@keisha/contracts/schemas';
import type { ServiceApp } from './app.ts';
import { internalOnly } from './internal-token.ts';

export interface AccountDataRoute<Result> {
  /** The route's pattern from the service's contract (INTERNAL_ACCOUNT_EXPORT_PATH, INTERNAL_ACCOUNT_ERASURE_PATH). */
  path: string;
  /** The OpenAPI summary: what this service gives or erases. */
  summary: string;
  /** The internal token, or a getter read at the first call (a service that starts without it). */
  internalToken: string | (() => string);
  run: (userId: string) => Promise<Result>;
}

type Rows = Record<string, Array<Record<string, unknown>>>;

/** GET `path`: the service's part of the reader's file, `{ success, data }`; uncached, as personal data. */
export function internalAccountExportRoute(app: ServiceApp, route: AccountDataRoute<Rows>): void {
  app.get(
    route.path,
    {
      schema: {
        tags: ['internal'],
        summary: route.summary,
        params: accountErasureParams,
        response: { 200: accountExportPart, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(route.internalToken),
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const data = await route.run(request.params.user_id);
      const counts = Object.fromEntries(Object.entries(data).map(([kind, rows]) => [kind, rows.length]));
      request.log.info({ userId: request.params.user_id, counts }, 'account exported');
      reply.header('cache-control', 'no-store');
      return { success: true as const, data };
    },
  );
}

/** DELETE `path`: erases the account's rows and answers how many of each kind went (idempotent: zeros the next time). */
export function internalAccountErasureRoute(app: ServiceApp, route: AccountDataRoute<Record<string, number>>): void {
  app.delete(
    route.path,
    {
      schema: {
        tags: ['internal'],
        summary: route.summary,
        params: accountErasureParams,
        response: { 200: accountErasureResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(route.internalToken),
      config: { rateLimit: false },
    },
    async (request) => {
      const erased = await route.run(request.params.user_id);
      request.log.info({ userId: request.params.user_id, erased }, 'account erased');
      return { success: true as const, erased };
    },
  );
}
