import { HISTORY_PATHS } from '@keisha/contracts/decoder';
import { historyItemResponse, historyListResponse, historyParams, historyQuery } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';

export async function historyRoutes(app: ServiceApp): Promise<void> {
  const db = app.db as Kysely<DecoderDatabase>;
  const errors = { 400: apiErrorBody, 401: apiErrorBody, 404: apiErrorBody };
  // History is per account: every query is scoped to the caller, so another reader's id finds nothing.
  app.addHook('preHandler', app.authenticate);

  app.get(
    HISTORY_PATHS.list,
    { schema: { tags: ['history'], summary: 'My analyses, newest first', querystring: historyQuery, response: { 200: historyListResponse, ...errors } } },
    async (request) => {
      const { page, page_size } = request.query;
      const mine = db.selectFrom('analyses').where('user_id', '=', request.user.sub);
      const [rows, count] = await Promise.all([
        mine.select(['id', 'created_at', 'title', 'score', 'term_count']).orderBy('created_at', 'desc').orderBy('id').limit(page_size).offset((page - 1) * page_size).execute(),
        mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const entries = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
      return { success: true as const, entries, total: Number(count.total), page, page_size };
    },
  );

  app.get(
    '/api/decoder/history/:id',
    { schema: { tags: ['history'], summary: 'Reopen one of my analyses', params: historyParams, response: { 200: historyItemResponse, ...errors } } },
    async (request) => {
      const row = await db.selectFrom('analyses').selectAll().where('id', '=', request.params.id).where('user_id', '=', request.user.sub).executeTakeFirst();
      if (!row) throw new AppError(404, 'NOT_FOUND', 'No such analysis');
      // The analysis as it was shown, kept as the JSON the analysis route wrote.
      const result = JSON.parse(row.result) as { analysis: never; translation: never };
      return {
        success: true as const,
        entry: { id: row.id, created_at: row.created_at.toISOString(), title: row.title, score: row.score, term_count: row.term_count, text: row.text, ...result },
      };
    },
  );

  app.delete(
    '/api/decoder/history/:id',
    { schema: { tags: ['history'], summary: 'Delete one of my analyses', params: historyParams, response: { 200: historyListResponse.pick({ success: true }), ...errors } } },
    async (request) => {
      const deleted = await db.deleteFrom('analyses').where('id', '=', request.params.id).where('user_id', '=', request.user.sub).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new AppError(404, 'NOT_FOUND', 'No such analysis');
      return { success: true as const };
    },
  );
}
