// The internal routes through which identity reaches what a service holds about one account: the reader's copy of it
// ("Download your data": GET /internal/<service>/accounts/:user_id/export) and, once the account is deleted, its
// erasure (DELETE /internal/<service>/accounts/:user_id). Each service reads and erases its own tables; the route
// around that is the same everywhere: only the internal token, outside /api (the edge never routes a browser to it),
// not throttled (identity limits the reader, and every call comes from identity), an id that is a uuid, and a log
// line that gives counts, never the reader's rows.
import { PassThrough } from 'node:stream';
import { ACCOUNT_EXPORT_STREAM_TYPE, accountErasureParams, accountErasureResponse, accountExportPart, apiErrorBody } from '@keisha/contracts/schemas';
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

export type ExportRows = Array<Record<string, unknown>>;
/** Hands one page of rows of a kind on; resolves once they are on their way (the reader of the stream keeps up). */
export type ExportEmit = (kind: string, rows: ExportRows) => Promise<void>;

export interface AccountExportRoute extends Omit<AccountDataRoute<void>, 'run'> {
  /** Every kind of record the service gives, in the file's order: a kind with no rows is still listed, empty. */
  kinds: readonly string[];
  /** Emits the account's rows kind after kind, a page at a time (one transaction: one snapshot). */
  run: (userId: string, emit: ExportEmit) => Promise<void>;
}

/** A run's rows gathered into one object, every kind present: the JSON answer, and the services' own tests. */
export async function collectExport(kinds: readonly string[], run: (emit: ExportEmit) => Promise<void>): Promise<Record<string, ExportRows>> {
  const data: Record<string, ExportRows> = Object.fromEntries(kinds.map((kind) => [kind, []]));
  await run(async (kind, rows) => {
    (data[kind] ??= []).push(...rows);
  });
  return data;
}

/**
 * GET `path`: the service's part of the reader's file; uncached, as personal data. Asked with
 * `accept: application/x-ndjson` (identity does), it streams a page at a time (accountExportLine): the service never
 * holds the whole history, and waits while identity catches up. Otherwise `{ success, data }` in one answer, as before.
 */
export function internalAccountExportRoute(app: ServiceApp, route: AccountExportRoute): void {
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
      const userId = request.params.user_id;
      reply.header('cache-control', 'no-store');
      if (!(request.headers.accept ?? '').includes(ACCOUNT_EXPORT_STREAM_TYPE)) {
        const data = await collectExport(route.kinds, (emit) => route.run(userId, emit));
        const counts = Object.fromEntries(Object.entries(data).map(([kind, rows]) => [kind, rows.length]));
        request.log.info({ userId, counts }, 'account exported');
        return { success: true as const, data };
      }
      const stream = new PassThrough();
      const counts: Record<string, number> = Object.fromEntries(route.kinds.map((kind) => [kind, 0]));
      const write = async (line: unknown) => {
        if (stream.destroyed) throw new Error('identity stopped reading the export');
        if (stream.write(`${JSON.stringify(line)}\n`)) return;
        await new Promise<void>((resolve) => {
          const done = () => {
            stream.off('drain', done);
            stream.off('close', done);
            resolve();
          };
          stream.on('drain', done);
          stream.on('close', done);
        });
        if (stream.destroyed) throw new Error('identity stopped reading the export');
      };
      // The rows are read while the answer is sent: a failure half way cuts the stream, and identity, missing the
      // last line, makes no file of it.
      void (async () => {
        try {
          await route.run(userId, async (kind, rows) => {
            if (rows.length === 0) return;
            counts[kind] = (counts[kind] ?? 0) + rows.length;
            await write({ kind, rows });
          });
          await write({ end: true, counts });
          stream.end();
          request.log.info({ userId, counts }, 'account exported');
        } catch (error) {
          request.log.warn({ err: error, userId }, 'account export: the stream was cut');
          stream.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
      reply.header('content-type', ACCOUNT_EXPORT_STREAM_TYPE);
      // Fastify sends a stream as it is, unserialized; the schema above describes the whole answer.
      return reply.send(stream as never);
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
