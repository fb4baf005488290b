// GET /api/auth/export-data: the signed-in reader's copy of everything Keisha holds about them, as one JSON file
// (src/export/account-export.ts). A session is enough, as for every other page of the account: the file holds
// nothing a signed-in device cannot already read, page by page. Limited per client address like sign-in, since each
// export asks three services; and by the export gate (export-gate.ts), which bounds what one account or a flood of
// addresses replaying one session can make a replica hold on its disk at once. The file is written to disk first and
// sent from there, with its length, once every part is whole. A reader who stops taking the file (a connection that
// accepts no byte for `sendStallMs`) is cut off: otherwise a few such connections would hold this replica's places,
// and their files on its disk, for as long as they stayed open.
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { accountExportDocument } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import type { ServiceApp } from '@keisha/service-kit';
import { AppError } from '@keisha/service-kit';
import { EXPORT_UNAVAILABLE, type AccountExport, type ExportFile } from '../../export/account-export.ts';
import type { ExportGate } from '../../export/export-gate.ts';

/** The file's name: keisha-data-2026-11-28.json (the UTC day it was made). */
export const exportFileName = (exportedAt: string) => `keisha-data-${exportedAt.slice(0, 10)}.json`;

export const EXPORT_IN_PROGRESS = 'EXPORT_IN_PROGRESS';
export const EXPORT_GATE_MESSAGES = {
  accountBusy: 'Your file is already being prepared, in this window or another one. It will download there; wait for it before asking again.',
  replicaBusy: 'Keisha is preparing many files just now. Nothing was downloaded; try again in a minute.',
} as const;

export async function exportDataRoutes(app: ServiceApp, options: { exporter: AccountExport; gate: ExportGate; rateLimitMax: number; sendStallMs: number }): Promise<void> {
  app.get(
    AUTH_PATHS.exportData,
    {
      schema: {
        tags: ['auth'],
        summary: 'Download everything Keisha holds about the signed-in account, as one JSON file',
        response: { 200: accountExportDocument, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody, 503: apiErrorBody },
      },
      preHandler: app.authenticate,
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const entry = options.gate.enter(request.user.sub);
      if (entry.kind === 'account-busy') throw new AppError(409, EXPORT_IN_PROGRESS, EXPORT_GATE_MESSAGES.accountBusy);
      if (entry.kind === 'replica-busy') {
        request.log.warn({ running: options.gate.running }, 'account export: refused, this replica is building as many files as it may');
        throw new AppError(503, EXPORT_UNAVAILABLE, EXPORT_GATE_MESSAGES.replicaBusy, undefined, { retryAfterSeconds: 30 });
      }
      let file: ExportFile;
      try {
        file = await options.exporter.exportAccount(request.user.sub);
      } catch (error) {
        entry.release();
        throw error;
      }
      // The gate is held until the file is sent (or the reader goes): it bounds the disk the files take, too. A
      // reader who left while the parts were gathered gets nothing, and frees both now ('close' has been and gone).
      const finish = () => {
        entry.release();
        void file.discard();
      };
      if (reply.raw.destroyed || request.raw.socket?.destroyed) {
        finish();
        request.log.info({ userId: request.user.sub }, 'account export: the reader left before the file was ready');
        return reply;
      }
      reply.raw.once('close', finish);
      // The socket's idle time while this answer is on it: the file comes from the local disk, so a socket with
      // nothing to do is one whose reader takes nothing. Node puts its own keep-alive time back once the answer ends.
      reply.raw.setTimeout(options.sendStallMs, () => {
        request.log.warn({ userId: request.user.sub, bytes: file.size, stallMs: options.sendStallMs }, 'account export: the reader stopped taking the file; cut');
        reply.raw.destroy();
      });
      request.log.info({ userId: request.user.sub, bytes: file.size }, 'account export: the reader downloaded their data');
      // Personal data: no cache on the way may keep a copy.
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('content-length', file.size);
      reply.header('content-disposition', `attachment; filename="${exportFileName(file.exportedAt)}"`);
      // Fastify sends a stream as it is, unserialized: the file's bytes were checked part by part as they were written.
      return reply.send(file.open() as never);
    },
  );
}
