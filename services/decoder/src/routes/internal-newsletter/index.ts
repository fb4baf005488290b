// identity's daily newsletter asks here for what only the decoder has: the coded term of the day (from the
// shipped lexicon, the same term for every reader that day) and one reader's analyses of the week before it.
// The caller proves itself with the internal token; the route is outside /api, so the edge never routes a
// browser to it.
import { INTERNAL_NEWSLETTER_DIGEST_PATH } from '@keisha/contracts/decoder';
import { newsletterDigestParams, newsletterDigestQuery, newsletterDigestResponse } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { internalOnly, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { lexicon } from '../../domain/analyzer/lexicon.ts';
import { termOfTheDay } from '../../domain/newsletter/term-of-the-day.ts';

const WEEK_MS = 7 * 86_400_000;

export async function internalNewsletterRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  const db = app.db as Kysely<DecoderDatabase>;
  app.get(
    INTERNAL_NEWSLETTER_DIGEST_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'The term of the day and one reader’s week of analyses, for identity’s newsletter (internal token)',
        params: newsletterDigestParams,
        querystring: newsletterDigestQuery,
        response: { 200: newsletterDigestResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
      config: { rateLimit: false },
    },
    async (request) => {
      const end = new Date(`${request.query.day}T00:00:00Z`);
      const start = new Date(end.getTime() - WEEK_MS);
      const rows = await db
        .selectFrom('analyses')
        .select(['title', 'score', 'term_count', 'created_at'])
        .where('user_id', '=', request.params.user_id)
        .where('created_at', '>=', start)
        .where('created_at', '<', end)
        .orderBy('created_at', 'desc')
        .execute();
      const entry = termOfTheDay(lexicon.entries, request.query.day);
      const average = rows.length ? Math.round((rows.reduce((sum, row) => sum + Number(row.score), 0) / rows.length) * 10) / 10 : null;
      return {
        success: true as const,
        term: { term: entry.term, category: entry.category, explanation: entry.explanation, replacement: entry.replacement, source_url: entry.source_url },
        week: {
          count: rows.length,
          average_score: average,
          // The ten latest are listed; the count and the average cover the whole week.
          analyses: rows.slice(0, 10).map((row) => ({ title: row.title, score: Number(row.score), term_count: row.term_count, created_at: row.created_at.toISOString() })),
        },
      };
    },
  );
}
